"""Printed text shared by every kit, in English, French, German and Italian, and the lookup.

Each game's own text lives with the game (``kits/<game>/strings.py``, made into a lookup with
:func:`translator`); only what every kit prints is here. Every key exists in every language (a
test checks every table, and that the bundled font has every glyph). Use ``t(key, lang, **values)``.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence

from trackwright import kits
from trackwright.core.messages import number

LANGS = ("en", "fr", "de", "it")

STRINGS: dict[str, dict[str, str]] = {
    "sheet": {
        "en": "Sheet",
        "fr": "Feuille",
        "de": "Blatt",
        "it": "Foglio",
    },
    "sheet_name": {
        "en": "sheet {label}",
        "fr": "feuille {label}",
        "de": "Blatt {label}",
        "it": "foglio {label}",
    },
    "of": {
        "en": "of",
        "fr": "sur",
        "de": "von",
        "it": "di",
    },
    "cut": {
        "en": "cut",
        "fr": "couper",
        "de": "schneiden",
        "it": "tagliare",
    },
    "glue": {
        "en": "glue",
        "fr": "coller",
        "de": "kleben",
        "it": "incollare",
    },
    "scale_check": {
        "en": "Print at 100 % (actual size): this bar measures 50 mm.",
        "fr": "Imprimer à 100 % (taille réelle) : cette barre mesure 50 mm.",
        "de": "Mit 100 % drucken (Originalgröße): dieser Balken misst 50 mm.",
        "it": "Stampare al 100 % (dimensioni reali): questa barra misura 50 mm.",
    },
    "scale_short": {
        "en": "At 100 % this bar is 50 mm.",
        "fr": "À 100 %, cette barre fait 50 mm.",
        "de": "Bei 100 % misst der Balken 50 mm.",
        "it": "Al 100 % la barra misura 50 mm.",
    },
    "assembly": {
        "en": "Cut the left and top edges of each sheet along the dashed line, lay it on its neighbour so the crosses meet, glue.",
        "fr": "Découper les bords gauche et haut de chaque feuille le long du pointillé, la poser sur sa voisine en faisant coïncider les croix, coller.",
        "de": "Linken und oberen Rand jedes Blatts an der gestrichelten Linie abschneiden, auf das Nachbarblatt legen, bis sich die Kreuze decken, kleben.",
        "it": "Tagliare i bordi sinistro e superiore di ogni foglio lungo la linea tratteggiata, sovrapporlo al vicino facendo coincidere le croci, incollare.",
    },
    "map": {
        "en": "map",
        "fr": "carte",
        "de": "Karte",
        "it": "mappa",
    },
    "duplex_test": {
        "en": "Duplex test: print these two pages double-sided as you will print the cards, then hold the sheet against the light. Each back frame must lie on its front frame, and the arrows point the same way. If the back is upside down, print with the other --duplex setting (long or short edge); if the frames are shifted, your printer offsets its backs.",
        "fr": "Test recto verso : imprimer ces deux pages en recto verso comme les cartes, puis regarder la feuille à contre-jour. Chaque cadre du verso doit tomber sur son cadre du recto, flèches dans le même sens. Si le verso est à l'envers, utiliser l'autre réglage --duplex (bord long ou court) ; si les cadres sont décalés, l'imprimante décale ses versos.",
        "de": "Duplex-Test: diese zwei Seiten doppelseitig drucken wie die Karten, dann das Blatt gegen das Licht halten. Jeder Rückseitenrahmen muss auf seinem Vorderseitenrahmen liegen, die Pfeile gleich zeigen. Steht die Rückseite auf dem Kopf, die andere --duplex-Einstellung nehmen (lange oder kurze Kante); sind die Rahmen verschoben, versetzt der Drucker seine Rückseiten.",
        "it": "Test fronte-retro: stampare queste due pagine fronte-retro come le carte, poi guardare il foglio controluce. Ogni cornice del retro deve cadere sulla sua cornice del fronte, frecce nello stesso verso. Se il retro è capovolto, usare l'altra impostazione --duplex (lato lungo o corto); se le cornici sono spostate, la stampante sposta i retro.",
    },
    "front": {
        "en": "front",
        "fr": "recto",
        "de": "Vorderseite",
        "it": "fronte",
    },
    "back": {
        "en": "back",
        "fr": "verso",
        "de": "Rückseite",
        "it": "retro",
    },
    "version": {
        "en": "version",
        "fr": "version",
        "de": "Version",
        "it": "versione",
    },
    "seed": {
        "en": "seed",
        "fr": "graine",
        "de": "Startwert",
        "it": "seme",
    },
    "made_with": {
        "en": "made with trackwright {version}",
        "fr": "créé avec trackwright {version}",
        "de": "erstellt mit trackwright {version}",
        "it": "creato con trackwright {version}",
    },
    "duplex_long": {
        "en": "Backs follow each sheet: print double-sided, flip on the long edge.",
        "fr": "Les dos suivent chaque feuille : imprimer en recto verso, retourner sur le bord long.",
        "de": "Rückseiten folgen jedem Blatt: doppelseitig drucken, an der langen Kante wenden.",
        "it": "I retro seguono ogni foglio: stampare fronte-retro, capovolgere sul lato lungo.",
    },
    "duplex_short": {
        "en": "Backs follow each sheet: print double-sided, flip on the short edge.",
        "fr": "Les dos suivent chaque feuille : imprimer en recto verso, retourner sur le bord court.",
        "de": "Rückseiten folgen jedem Blatt: doppelseitig drucken, an der kurzen Kante wenden.",
        "it": "I retro seguono ogni foglio: stampare fronte-retro, capovolgere sul lato corto.",
    },
    "poster_note": {
        "en": "cut to {w} x {h} mm (crop marks); prints on {fits} or larger at 100 %",
        "fr": "à couper à {w} x {h} mm (traits de coupe) ; s'imprime sur {fits} ou plus grand à 100 %",
        "de": "auf {w} x {h} mm schneiden (Schnittmarken); passt auf {fits} oder größer, mit 100 % drucken",
        "it": "da tagliare a {w} x {h} mm (crocini); si stampa su {fits} o più grande al 100 %",
    },
    "edge_long": {
        "en": "flip on long edge",
        "fr": "retourner sur le bord long",
        "de": "an der langen Kante wenden",
        "it": "capovolgi sul lato lungo",
    },
    "edge_short": {
        "en": "flip on short edge",
        "fr": "retourner sur le bord court",
        "de": "an der kurzen Kante wenden",
        "it": "capovolgi sul lato corto",
    },
    "dt_cards": {
        "en": "cards",
        "fr": "cartes",
        "de": "Karten",
        "it": "carte",
    },
    "dt_tiles": {
        "en": "tiles",
        "fr": "tuiles",
        "de": "Plättchen",
        "it": "tessere",
    },
    "dt_title": {
        "en": "Duplex test: print this first",
        "fr": "Test recto verso : à imprimer d'abord",
        "de": "Duplex-Test: zuerst drucken",
        "it": "Test fronte-retro: da stampare per primo",
    },
    "dt_target": {
        "en": "pierce here",
        "fr": "piquer ici",
        "de": "hier durchstechen",
        "it": "forare qui",
    },
    "dt_step1": {
        "en": '1. Print this file\'s two pages on one sheet, double-sided, at 100 % ("actual size", not "fit to page"), with the printer set to "{edge}": the setting you will use for the {what}.',
        "fr": "1. Imprimer les deux pages de ce fichier sur une feuille, en recto verso, à 100 % (« taille réelle », pas « ajuster »), l'imprimante réglée sur « {edge} » : le réglage qui servira pour les {what}.",
        "de": "1. Die zwei Seiten dieser Datei auf ein Blatt drucken, doppelseitig, mit 100 % („Originalgröße“, nicht „an Seite anpassen“), der Drucker auf „{edge}“ gestellt: die Einstellung, mit der Sie die {what} drucken.",
        "it": "1. Stampare le due pagine di questo file su un foglio, fronte-retro, al 100 % («dimensioni reali», non «adatta»), con la stampante su «{edge}»: l'impostazione che userete per le {what}.",
    },
    "dt_step2": {
        "en": "2. Push a pin through the middle of the target (or hold the sheet against a window: the target shows through) and turn the sheet over {turn}.",
        "fr": "2. Enfoncer une épingle au centre de la cible (ou regarder la feuille contre une fenêtre : la cible se voit par transparence) et retourner la feuille {turn}.",
        "de": "2. Eine Nadel durch die Mitte der Zielscheibe stechen (oder das Blatt gegen ein Fenster halten: die Zielscheibe scheint durch) und das Blatt {turn} umdrehen.",
        "it": "2. Infilare uno spillo al centro del bersaglio (o guardare il foglio contro una finestra: il bersaglio traspare) e girare il foglio {turn}.",
    },
    "dt_turn_long": {
        "en": "about its long side, like the page of a book",
        "fr": "autour de son grand côté, comme la page d'un livre",
        "de": "um seine lange Seite, wie eine Buchseite,",
        "it": "attorno al lato lungo, come la pagina di un libro",
    },
    "dt_turn_short": {
        "en": "about its short side, top to bottom, like a wall calendar",
        "fr": "autour de son petit côté, de haut en bas, comme un calendrier mural",
        "de": "um seine kurze Seite, von oben nach unten, wie einen Wandkalender,",
        "it": "attorno al lato corto, dall'alto in basso, come un calendario da muro",
    },
    "dt_step3": {
        "en": "3. On the back, read the words next to where the pin came out: they say whether the setting is right and, on the millimetre scales, by how much the backs are shifted.",
        "fr": "3. Au verso, lire le texte à côté du trou de l'épingle : il dit si le réglage est bon et, sur les échelles en millimètres, de combien les versos sont décalés.",
        "de": "3. Auf der Rückseite den Text neben dem Nadelloch lesen: er sagt, ob die Einstellung stimmt, und auf den Millimeterskalen, wie weit die Rückseiten verschoben sind.",
        "it": "3. Sul retro leggere il testo accanto al foro dello spillo: dice se l'impostazione è giusta e, sulle scale millimetrate, di quanto sono spostati i retro.",
    },
    "dt_made": {
        "en": 'This test was made with --back-offset {offset} ("{edge}").',
        "fr": "Ce test a été créé avec --back-offset {offset} (« {edge} »).",
        "de": "Dieser Test wurde mit --back-offset {offset} erstellt („{edge}“).",
        "it": "Questo test è stato creato con --back-offset {offset} («{edge}»).",
    },
    "dt_ok_title": {
        "en": 'The pin came out here: "{edge}" is right.',
        "fr": "L'épingle sort ici : « {edge} » est le bon réglage.",
        "de": "Die Nadel kommt hier heraus: „{edge}“ ist richtig.",
        "it": "Lo spillo esce qui: «{edge}» è giusto.",
    },
    "dt_ok_text": {
        "en": "Read the hole on the scales: X across (top), Y down (left), in mm. At 0,0 print the {what} as they are. Otherwise make the kit again with --back-offset X,Y, adding X and Y to the offset this test was made with ({offset}).",
        "fr": "Lire le trou sur les échelles : X en travers (en haut), Y vers le bas (à gauche), en mm. À 0,0, imprimer les {what} telles quelles. Sinon refaire le kit avec --back-offset X,Y, en ajoutant X et Y au décalage de ce test ({offset}).",
        "de": "Das Loch auf den Skalen ablesen: X quer (oben), Y nach unten (links), in mm. Bei 0,0 die {what} so drucken. Sonst das Kit neu erstellen mit --back-offset X,Y und dabei X und Y zum Versatz dieses Tests ({offset}) addieren.",
        "it": "Leggere il foro sulle scale: X in orizzontale (in alto), Y in verticale (a sinistra), in mm. A 0,0 stampare le {what} così. Altrimenti rifare il kit con --back-offset X,Y, sommando X e Y allo scostamento di questo test ({offset}).",
    },
    "dt_wrong_title": {
        "en": "The pin came out here: wrong flip.",
        "fr": "L'épingle sort ici : mauvais retournement.",
        "de": "Die Nadel kommt hier heraus: falsch gewendet.",
        "it": "Lo spillo esce qui: capovolgimento sbagliato.",
    },
    "dt_wrong_text": {
        "en": 'Your printer used "{other_edge}". In the print dialog choose "{edge}" and print this test again, or make the kit again with --duplex {other} and keep "{other_edge}".',
        "fr": "L'imprimante a utilisé « {other_edge} ». Dans la boîte d'impression, choisir « {edge} » et réimprimer ce test, ou refaire le kit avec --duplex {other} en gardant « {other_edge} ».",
        "de": "Der Drucker hat „{other_edge}“ verwendet. Im Druckdialog „{edge}“ wählen und diesen Test neu drucken, oder das Kit mit --duplex {other} neu erstellen und „{other_edge}“ beibehalten.",
        "it": "La stampante ha usato «{other_edge}». Nella finestra di stampa scegliere «{edge}» e ristampare questo test, oppure rifare il kit con --duplex {other} mantenendo «{other_edge}».",
    },
    "ck_title": {
        "en": "{game}: what to print and make",
        "fr": "{game} : ce qu'il faut imprimer et fabriquer",
        "de": "{game}: was zu drucken und zu basteln ist",
        "it": "{game}: cosa stampare e preparare",
    },
    "ck_intro": {
        "en": 'Print every page at 100 % ("actual size", never "fit to page"): the 50 mm bar on each sheet must measure 50 mm. Tick each file when done. Thin card (160-200 g/m²) makes sturdier cards and tiles.',
        "fr": "Imprimer chaque page à 100 % (« taille réelle », jamais « ajuster à la page ») : la barre de 50 mm de chaque feuille doit mesurer 50 mm. Cocher chaque fichier une fois fait. Un papier épais (160-200 g/m²) donne des cartes et tuiles plus solides.",
        "de": "Jede Seite mit 100 % drucken („Originalgröße“, nie „an Seite anpassen“): der 50-mm-Balken auf jedem Blatt muss 50 mm messen. Jede Datei abhaken, wenn sie fertig ist. Dünner Karton (160-200 g/m²) ergibt festere Karten und Plättchen.",
        "it": "Stampare ogni pagina al 100 % («dimensioni reali», mai «adatta alla pagina»): la barra di 50 mm di ogni foglio deve misurare 50 mm. Spuntare ogni file una volta fatto. Un cartoncino sottile (160-200 g/m²) rende carte e tessere più robuste.",
    },
    "ck_page": {"en": "page", "fr": "page", "de": "Seite", "it": "pagina"},
    "ck_pages": {"en": "pages", "fr": "pages", "de": "Seiten", "it": "pagine"},
    "ck_sheets": {
        "en": "{n} sheet(s) of paper",
        "fr": "{n} feuille(s) de papier",
        "de": "{n} Blatt Papier",
        "it": "{n} foglio/i di carta",
    },
    "ck_single": {
        "en": "Once, single-sided.",
        "fr": "Une fois, recto seul.",
        "de": "Einmal, einseitig.",
        "it": "Una volta, solo fronte.",
    },
    "ck_double": {
        "en": 'Once, double-sided, "{edge}" (after the duplex test).',
        "fr": "Une fois, en recto verso, « {edge} » (après le test recto verso).",
        "de": "Einmal, doppelseitig, „{edge}“ (nach dem Duplex-Test).",
        "it": "Una volta, fronte-retro, «{edge}» (dopo il test fronte-retro).",
    },
    "ck_double_test": {
        "en": 'Once, double-sided, "{edge}".',
        "fr": "Une fois, en recto verso, « {edge} ».",
        "de": "Einmal, doppelseitig, „{edge}“.",
        "it": "Una volta, fronte-retro, «{edge}».",
    },
    "ck_duplex_test": {
        "en": "Print it first, on one sheet: it tells you the printer setting and the --back-offset to use.",
        "fr": "À imprimer en premier, sur une feuille : il donne le réglage de l'imprimante et le --back-offset à utiliser.",
        "de": "Zuerst drucken, auf ein Blatt: er nennt die Druckereinstellung und das zu verwendende --back-offset.",
        "it": "Da stampare per primo, su un foglio: indica l'impostazione della stampante e il --back-offset da usare.",
    },
    "ck_poster": {
        "en": "Instead of the sheets: one page for a print shop, to trim at the crop marks.",
        "fr": "À la place des feuilles : une page pour un imprimeur, à couper aux traits de coupe.",
        "de": "Statt der Blätter: eine Seite für die Druckerei, an den Schnittmarken zu schneiden.",
        "it": "Al posto dei fogli: una pagina per la tipografia, da rifilare ai crocini.",
    },
    "ck_choose": {
        "en": "The board: print ONE of the files below, not all of them (they are alternatives).",
        "fr": "Le plateau : imprimer UN SEUL des fichiers ci-dessous, pas tous (ce sont des variantes).",
        "de": "Der Spielplan: nur EINE der folgenden Dateien drucken, nicht alle (sie sind Alternativen).",
        "it": "Il tabellone: stampare UNO SOLO dei file seguenti, non tutti (sono alternative).",
    },
    "ck_either": {"en": "Either", "fr": "Soit", "de": "Entweder", "it": "O"},
    "ck_or": {"en": "or", "fr": "soit", "de": "oder", "it": "oppure"},
    "ck_board": {
        "en": "Cut the dashed left and top edges of each sheet, lay it on its neighbour so the crosses meet and glue; the small map on each sheet shows where it goes ({sheets} sheets).",
        "fr": "Couper les bords gauche et haut en pointillé de chaque feuille, la poser sur sa voisine en faisant coïncider les croix et coller ; la petite carte de chaque feuille montre sa place ({sheets} feuilles).",
        "de": "Den gestrichelten linken und oberen Rand jedes Blatts abschneiden, auf das Nachbarblatt legen, bis sich die Kreuze decken, und kleben; die kleine Karte auf jedem Blatt zeigt seinen Platz ({sheets} Blätter).",
        "it": "Tagliare i bordi sinistro e superiore tratteggiati di ogni foglio, sovrapporlo al vicino facendo coincidere le croci e incollare; la piccola mappa di ogni foglio mostra dove va ({sheets} fogli).",
    },
    "ck_sheet_names": {
        "en": "Each sheet is named by its page: {first} (top left) to {last}.",
        "fr": "Chaque feuille porte le numéro de sa page : de la {first} (en haut à gauche) à la {last}.",
        "de": "Jedes Blatt trägt die Nummer seiner Seite: von {first} (oben links) bis {last}.",
        "it": "Ogni foglio porta il numero della sua pagina: dal {first} (in alto a sinistra) al {last}.",
    },
    "ck_cards": {
        "en": "Cut along the crop marks: {n} cards.",
        "fr": "Couper le long des traits de coupe : {n} cartes.",
        "de": "An den Schnittmarken schneiden: {n} Karten.",
        "it": "Tagliare lungo i crocini: {n} carte.",
    },
    "ck_tiles": {
        "en": "Cut out the tiles along the cut lines: {n} tiles.",
        "fr": "Découper les tuiles le long des traits : {n} tuiles.",
        "de": "Die Plättchen an den Schnittlinien ausschneiden: {n} Plättchen.",
        "it": "Ritagliare le tessere lungo le linee: {n} tessere.",
    },
    "ck_tokens": {
        "en": "Cut out the score track, the markers and the tokens; fold each two-sided token on its dashed line and glue it back to back.",
        "fr": "Découper la piste de score, les marqueurs et les pions ; plier chaque pion recto verso sur son pointillé et le coller dos à dos.",
        "de": "Wertungsleiste, Marker und Spielsteine ausschneiden; jeden beidseitigen Stein an seiner gestrichelten Linie falten und Rücken an Rücken kleben.",
        "it": "Ritagliare il tracciato dei punti, i segnalini e le pedine; piegare ogni pedina a due facce sulla sua linea tratteggiata e incollarla schiena contro schiena.",
    },
    "ck_pieces": {
        "en": "Instead of the assembled board: cut out the land pieces and the frame parts and lay them together.",
        "fr": "À la place du plateau assemblé : découper les pièces de terrain et les parties du cadre et les assembler.",
        "de": "Statt des zusammengesetzten Spielplans: Landteile und Rahmenteile ausschneiden und zusammenlegen.",
        "it": "Al posto del tabellone assemblato: ritagliare le parti di terreno e del bordo e accostarle.",
    },
    "ck_tracks": {
        "en": "Cut out the track pieces.",
        "fr": "Découper les tronçons de rail.",
        "de": "Die Schienenstücke ausschneiden.",
        "it": "Ritagliare i binari.",
    },
    "ck_hexsheets": {
        "en": "As many as you need, for maps of your own; trim at the corner marks to join sheets.",
        "fr": "Autant que nécessaire, pour vos propres cartes ; couper aux repères d'angle pour joindre les feuilles.",
        "de": "So viele wie nötig, für eigene Karten; an den Eckmarken schneiden, um Blätter anzusetzen.",
        "it": "Quanti ne servono, per mappe proprie; rifilare ai segni d'angolo per unire i fogli.",
    },
    "ck_ledger": {
        "en": "One per game, for the accounts.",
        "fr": "Une par partie, pour les comptes.",
        "de": "Eines pro Partie, für die Konten.",
        "it": "Uno per partita, per i conti.",
    },
    "ck_races": {
        "en": "One per game, for the races.",
        "fr": "Une par partie, pour les courses.",
        "de": "Eines pro Partie, für die Rennen.",
        "it": "Uno per partita, per le corse.",
    },
    "ck_rules": {
        "en": "The rules summary, to keep at the table.",
        "fr": "Le résumé des règles, à garder sur la table.",
        "de": "Die Regelübersicht, für den Tisch.",
        "it": "Il riassunto delle regole, da tenere sul tavolo.",
    },
    "ck_other": {
        "en": "More pieces for the game: print at 100 %, cut along the lines.",
        "fr": "D'autres pièces du jeu : imprimer à 100 %, découper le long des traits.",
        "de": "Weitere Spielteile: mit 100 % drucken, an den Linien ausschneiden.",
        "it": "Altri pezzi del gioco: stampare al 100 %, ritagliare lungo le linee.",
    },
    "ck_needed": {
        "en": "Also needed",
        "fr": "Il faut aussi",
        "de": "Außerdem nötig",
        "it": "Serve anche",
    },
    "ck_race_tokens": {
        "en": "Cut out the race tokens printed with it; fold each on its dotted line and glue it back to back.",
        "fr": "Découper les jetons de course imprimés avec ; plier chacun sur son pointillé et le coller dos à dos.",
        "de": "Die mitgedruckten Rennsteine ausschneiden; jeden an seiner gepunkteten Linie falten und Rücken an Rücken kleben.",
        "it": "Ritagliare le pedine delle corse stampate insieme; piegare ciascuna sulla linea tratteggiata e incollarla schiena contro schiena.",
    },
    "ck_ls_tokens": {
        "en": "The players' square tokens are on the last sheet: cut them out too.",
        "fr": "Les pions carrés des joueurs sont sur la dernière feuille : les découper aussi.",
        "de": "Die quadratischen Steine der Spieler sind auf dem letzten Blatt: auch sie ausschneiden.",
        "it": "Le pedine quadrate dei giocatori sono sull'ultimo foglio: ritagliare anche quelle.",
    },
    "rules_preset": {
        "en": "rules: {name}",
        "fr": "règles : {name}",
        "de": "Regeln: {name}",
        "it": "regole: {name}",
    },
    # the command's status lines after it writes a kit (cli/common.py)
    "cli_wrote": {
        "en": "wrote {n} files ({size} MB) to {folders} in {seconds} s",
        "fr": "{n} fichiers écrits ({size} Mo) dans {folders} en {seconds} s",
        "de": "{n} Dateien ({size} MB) in {folders} geschrieben, in {seconds} s",
        "it": "{n} file scritti ({size} MB) in {folders} in {seconds} s",
    },
    "cli_poster": {
        "en": "{w} x {h} mm at true size, {where} (trim at the crop marks)",
        "fr": "{w} x {h} mm en taille réelle, {where} (couper aux traits de coupe)",
        "de": "{w} x {h} mm in Originalgröße, {where} (an den Schnittmarken schneiden)",
        "it": "{w} x {h} mm a grandezza reale, {where} (rifilare ai crocini)",
    },
    "cli_poster_fits": {
        "en": "prints on {size} or larger",
        "fr": "s'imprime sur {size} ou plus grand",
        "de": "passt auf {size} oder größer",
        "it": "si stampa su {size} o più grande",
    },
    "cli_poster_roll": {
        "en": "larger than A0: a plotter's roll",
        "fr": "plus grand que A0 : un rouleau de traceur",
        "de": "größer als A0: eine Plotterrolle",
        "it": "più grande di A0: un rotolo da plotter",
    },
    "cli_poster_no_trim": {
        "en": "no trim box",
        "fr": "pas de format fini (TrimBox)",
        "de": "kein Endformat (TrimBox)",
        "it": "nessun formato finito (TrimBox)",
    },
    "cli_layout_seed": {
        "en": "board layout from seed {seed}",
        "fr": "disposition du plateau tirée de la graine {seed}",
        "de": "Spielplan aus Startwert {seed}",
        "it": "disposizione del tabellone dal seme {seed}",
    },
    "cli_random_seed": {
        "en": "random map, seed {seed} (the same seed and options give the same map)",
        "fr": "carte aléatoire, graine {seed} (la même graine et les mêmes options donnent la même carte)",
        "de": "Zufallskarte, Startwert {seed} (derselbe Startwert und dieselben Optionen ergeben dieselbe Karte)",
        "it": "mappa casuale, seme {seed} (lo stesso seme e le stesse opzioni danno la stessa mappa)",
    },
}

#: The word before a list's last name.
AND = {"en": "and", "fr": "et", "de": "und", "it": "e"}


def names(items: Sequence[str], lang: str) -> str:
    """Names as one phrase: 'Ann', 'Ann and Dev', 'Ann, Bo and Dev' (et, und, e)."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {AND[lang]} {items[-1]}"


#: Small numbers as words, where the printed rules say "two spaces" or "one less".
WORDS: dict[str, tuple[str, ...]] = {
    "en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    "fr": ("zéro", "une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"),
    "de": (
        "kein",
        "eines",
        "zwei",
        "drei",
        "vier",
        "fünf",
        "sechs",
        "sieben",
        "acht",
        "neun",
        "zehn",
    ),
    "it": (
        "nessuna",
        "uno",
        "due",
        "tre",
        "quattro",
        "cinque",
        "sei",
        "sette",
        "otto",
        "nove",
        "dieci",
    ),
}


def word(n: int, lang: str) -> str:
    """A small number as a word (digits from 11 on)."""
    words = WORDS[lang]
    return words[n] if 0 <= n < len(words) else str(n)


def translator(table: dict[str, dict[str, str]]) -> Callable[..., str]:
    """The lookup ``t(key, lang, **values)`` over a game's table and the shared one; a float
    value is written as the language writes numbers (:func:`number`)."""
    merged = {**STRINGS, **table}

    def t(key: str, lang: str, **values: object) -> str:
        """The text for key in lang, with {placeholders} filled in."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
        text = merged[key][lang]
        if not values:
            return text
        shown = {k: number(v, lang) if isinstance(v, float) else v for k, v in values.items()}
        return text.format(**shown)

    return t


t = translator({})


def tables() -> dict[str, dict[str, dict[str, str]]]:
    """Every table of printed text: the shared one and each kit's ``strings`` module."""
    found = {"shared": STRINGS}
    for info in pkgutil.iter_modules(kits.__path__, "trackwright.kits."):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"{info.name}.strings")
        except ModuleNotFoundError as exc:
            if exc.name != f"{info.name}.strings":
                raise
            continue
        found[info.name.rsplit(".", 1)[1]] = module.STRINGS
    return found
