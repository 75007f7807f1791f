"""Printed text in English, French, German and Italian.

Every key exists in every language (a test checks it, and that the bundled font has every
glyph). Use ``t(key, lang, **values)``.
"""

from __future__ import annotations

LANGS = ("en", "fr", "de", "it")

STRINGS: dict[str, dict[str, str]] = {
    # ------------------------------------------------------------------ common
    "sheet": {"en": "Sheet", "fr": "Feuille", "de": "Blatt", "it": "Foglio"},
    "of": {"en": "of", "fr": "sur", "de": "von", "it": "di"},
    "cut": {"en": "cut", "fr": "couper", "de": "schneiden", "it": "tagliare"},
    "glue": {"en": "glue", "fr": "coller", "de": "kleben", "it": "incollare"},
    "scale_check": {
        "en": "Print at 100 % (actual size): this bar measures 50 mm.",
        "fr": "Imprimer à 100 % (taille réelle) : cette barre mesure 50 mm.",
        "de": "Mit 100 % drucken (Originalgröße): dieser Balken misst 50 mm.",
        "it": "Stampare al 100 % (dimensioni reali): questa barra misura 50 mm.",
    },
    "assembly": {
        "en": "Cut the left and top edges of each sheet along the dashed line, lay it on its "
        "neighbour so the crosses meet, glue.",
        "fr": "Découper les bords gauche et haut de chaque feuille le long du pointillé, la poser "
        "sur sa voisine en faisant coïncider les croix, coller.",
        "de": "Linken und oberen Rand jedes Blatts an der gestrichelten Linie abschneiden, auf das "
        "Nachbarblatt legen, bis sich die Kreuze decken, kleben.",
        "it": "Tagliare i bordi sinistro e superiore di ogni foglio lungo la linea tratteggiata, "
        "sovrapporlo al vicino facendo coincidere le croci, incollare.",
    },
    "map": {"en": "map", "fr": "carte", "de": "Karte", "it": "mappa"},
    "duplex_test": {
        "en": "Duplex test: print these two pages double-sided as you will print the cards, then hold the sheet against the light. Each back frame must lie on its front frame, and the arrows point the same way. If the back is upside down, print with the other --duplex setting (long or short edge); if the frames are shifted, your printer offsets its backs.",
        "fr": "Test recto verso : imprimer ces deux pages en recto verso comme les cartes, puis regarder la feuille à contre-jour. Chaque cadre du verso doit tomber sur son cadre du recto, flèches dans le même sens. Si le verso est à l'envers, utiliser l'autre réglage --duplex (bord long ou court) ; si les cadres sont décalés, l'imprimante décale ses versos.",
        "de": "Duplex-Test: diese zwei Seiten doppelseitig drucken wie die Karten, dann das Blatt gegen das Licht halten. Jeder Rückseitenrahmen muss auf seinem Vorderseitenrahmen liegen, die Pfeile gleich zeigen. Steht die Rückseite auf dem Kopf, die andere --duplex-Einstellung nehmen (lange oder kurze Kante); sind die Rahmen verschoben, versetzt der Drucker seine Rückseiten.",
        "it": "Test fronte-retro: stampare queste due pagine fronte-retro come le carte, poi guardare il foglio controluce. Ogni cornice del retro deve cadere sulla sua cornice del fronte, frecce nello stesso verso. Se il retro è capovolto, usare l'altra impostazione --duplex (lato lungo o corto); se le cornici sono spostate, la stampante sposta i retro.",
    },
    "front": {"en": "front", "fr": "recto", "de": "Vorderseite", "it": "fronte"},
    "back": {"en": "back", "fr": "verso", "de": "Rückseite", "it": "retro"},
    "version": {"en": "version", "fr": "version", "de": "Version", "it": "versione"},
    "seed": {"en": "seed", "fr": "graine", "de": "Startwert", "it": "seme"},
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
    # --------------------------------------------------------------- La Strada
    "ls_city": {"en": "City", "fr": "Ville", "de": "Stadt", "it": "Città"},
    "ls_fortified_village": {
        "en": "Fortified village",
        "fr": "Village fortifié",
        "de": "Wehrdorf",
        "it": "Borgo fortificato",
    },
    "ls_hamlet": {"en": "Hamlet", "fr": "Hameau", "de": "Weiler", "it": "Frazione"},
    "ls_farm": {"en": "Farm", "fr": "Ferme", "de": "Hof", "it": "Fattoria"},
    "ls_start": {"en": "Start", "fr": "Départ", "de": "Start", "it": "Partenza"},
    "ls_days": {
        "en": "Travel days",
        "fr": "Jours de voyage",
        "de": "Reisetage",
        "it": "Giorni di viaggio",
    },
    "ls_gold": {
        "en": "Gold per merchant",
        "fr": "Or par marchand",
        "de": "Gold je Händler",
        "it": "Oro per mercante",
    },
    "ls_merchants": {"en": "merchants", "fr": "marchands", "de": "Händler", "it": "mercanti"},
    "ls_piece": {"en": "Piece", "fr": "Élément", "de": "Teil", "it": "Pezzo"},
    "ls_start_piece": {
        "en": "start piece: lay it first",
        "fr": "élément de départ : à poser en premier",
        "de": "Startteil: zuerst legen",
        "it": "pezzo di partenza: da posare per primo",
    },
    "ls_costs": {
        "en": "Road tiles cost travel days: plain 2 · forest 3 · hill 4",
        "fr": "Les routes coûtent des jours de voyage : plaine 2 · forêt 3 · colline 4",
        "de": "Straßen kosten Reisetage: Ebene 2 · Wald 3 · Hügel 4",
        "it": "Le strade costano giorni di viaggio: pianura 2 · foresta 3 · collina 4",
    },
    "ls_tiles_note": {
        "en": "Print double-sided, flip on the long edge: straight road on the front, curved on the back. Cut each row with one straight cut, then between the tiles.",
        "fr": "Imprimer en recto verso, retourner sur le bord long : route droite au recto, courbe au verso. Couper chaque rangée d'un trait droit, puis entre les tuiles.",
        "de": "Doppelseitig drucken, an der langen Kante wenden: gerade Straße vorne, Kurve hinten. Jede Reihe mit einem geraden Schnitt abtrennen, dann zwischen den Plättchen schneiden.",
        "it": "Stampare fronte-retro, capovolgere sul lato lungo: strada dritta sul fronte, curva sul retro. Tagliare ogni fila con un taglio dritto, poi tra le tessere.",
    },
    "ls_rules_title": {
        "en": "La Strada: rules summary",
        "fr": "La Strada : résumé des règles",
        "de": "La Strada: Kurzregel",
        "it": "La Strada: riassunto delle regole",
    },
    "ls_rules": {
        "en": "Setup|Lay the start piece, then the other five in random order; shuffle the 19 settlement tiles onto the marked hexes and turn them up. Each player puts a start tile on a free plain hex, at least one free hex from every other start tile, and a marker on 0 travel days.\n"
        "A turn|Gain 6 travel days (at most 10 are kept after your turn; the rest is lost). Lay road tiles: plain 2, forest 3, hill 4 days; the tile must match the hex, one tile per hex, straight or curved alike. A road starts at your start tile or a settlement you reached and must reach a new settlement this turn; put a merchant there. Never the same settlement twice; roads cross only at settlements. You may build several roads, or none.\n"
        "End|The game ends when a player, on their turn, cannot reach any settlement (every settlement within reach has their merchant, no merchants left, or no fitting tiles). Choosing not to build does not end it.\n"
        "Gold|Each merchant on a settlement earns by the number of merchants there (table below). Most gold wins; a tie goes to more travel days in reserve.\n"
        "Two players|Each places two start tiles, the second player moves first. One merchant per settlement, but you may pass through a settlement held by the other (no merchant). The game ends when every settlement is taken; each pays its highest value.",
        "fr": "Mise en place|Poser l'élément de départ, puis les cinq autres au hasard ; placer les 19 localités mélangées sur les hexagones marqués, faces visibles. Chacun pose une tuile de départ sur une plaine libre, à au moins un hexagone de toute autre, et un marqueur sur 0 jour de voyage.\n"
        "Un tour|Recevoir 6 jours de voyage (au plus 10 sont conservés après le tour ; le reste est perdu). Poser des routes : plaine 2, forêt 3, colline 4 jours ; la tuile doit correspondre au paysage, une tuile par hexagone, droite ou courbe au même prix. Une route part de sa tuile de départ ou d'une localité atteinte et doit atteindre une nouvelle localité dans le tour ; y poser un marchand. Jamais deux fois la même localité ; les routes ne se croisent que dans les localités. On peut poser plusieurs routes, ou aucune.\n"
        "Fin|La partie se termine quand un joueur, à son tour, ne peut plus relier aucune localité (toutes celles à sa portée ont son marchand, plus de marchands ou plus de tuiles adaptées). Renoncer à construire ne termine pas la partie.\n"
        "Or|Chaque marchand gagne selon le nombre de marchands présents (tableau ci-dessous). Le plus d'or gagne ; en cas d'égalité, le plus de jours en réserve.\n"
        "À deux|Chacun pose deux tuiles de départ, le second joueur commence. Un seul marchand par localité, mais on peut traverser une localité de l'autre (sans marchand). Fin quand toutes les localités sont occupées ; chacune rapporte sa valeur maximale.",
        "de": "Aufbau|Das Startteil legen, dann die fünf anderen in zufälliger Reihenfolge; die 19 Ortsplättchen gemischt auf die markierten Felder legen und aufdecken. Jeder setzt ein Startplättchen auf ein freies Ebenenfeld, mindestens ein Feld Abstand zu jedem anderen, und seinen Marker auf 0 Reisetage.\n"
        "Ein Zug|6 Reisetage erhalten (nach dem Zug höchstens 10 behalten, der Rest verfällt). Straßen legen: Ebene 2, Wald 3, Hügel 4 Tage; das Plättchen muss zum Gelände passen, ein Plättchen je Feld, gerade oder Kurve gleich teuer. Eine Straße beginnt am Startplättchen oder an einem erreichten Ort und muss im selben Zug einen neuen Ort erreichen; dort einen Händler einsetzen. Nie zweimal derselbe Ort; Straßen kreuzen sich nur in Orten. Mehrere Straßen oder keine sind erlaubt.\n"
        "Ende|Das Spiel endet, wenn ein Spieler in seinem Zug keinen Ort mehr erreichen kann (überall in Reichweite steht sein Händler, keine Händler oder keine passenden Plättchen mehr). Freiwillig nicht bauen beendet es nicht.\n"
        "Gold|Jeder Händler erhält Gold nach der Zahl der Händler im Ort (Tabelle unten). Das meiste Gold gewinnt; bei Gleichstand mehr Reisetage in Reserve.\n"
        "Zu zweit|Jeder setzt zwei Startplättchen, der zweite Spieler beginnt. Ein Händler je Ort, aber man darf durch einen Ort des anderen fahren (ohne Händler). Ende, wenn alle Orte besetzt sind; jeder zahlt seinen Höchstwert.",
        "it": "Preparazione|Posare il pezzo di partenza, poi gli altri cinque a caso; mescolare i 19 insediamenti sugli esagoni segnati e scoprirli. Ognuno posa una tessera di partenza su una pianura libera, ad almeno un esagono da ogni altra, e un segnalino su 0 giorni di viaggio.\n"
        "Un turno|Ricevere 6 giorni di viaggio (dopo il turno se ne tengono al massimo 10, il resto è perso). Posare strade: pianura 2, foresta 3, collina 4 giorni; la tessera deve corrispondere al terreno, una tessera per esagono, dritta o curva allo stesso prezzo. Una strada parte dalla propria tessera di partenza o da un insediamento raggiunto e deve raggiungere un nuovo insediamento nel turno; porvi un mercante. Mai due volte lo stesso insediamento; le strade si incrociano solo negli insediamenti. Si possono posare più strade, o nessuna.\n"
        "Fine|La partita finisce quando un giocatore, nel suo turno, non può raggiungere alcun insediamento (ovunque a portata c'è già il suo mercante, non ha più mercanti o tessere adatte). Rinunciare a costruire non la fa finire.\n"
        "Oro|Ogni mercante guadagna secondo il numero di mercanti presenti (tabella sotto). Vince chi ha più oro; a parità, più giorni di riserva.\n"
        "In due|Ognuno posa due tessere di partenza, il secondo giocatore inizia. Un solo mercante per insediamento, ma si può attraversare un insediamento dell'altro (senza mercante). Fine quando tutti gli insediamenti sono occupati; ognuno vale il massimo.",
    },
    # --------------------------------------------------------------- Dampfross
    "df_costs": {
        "en": "Building costs (die points): step 1 · across a river 3 · into or out of a hill 4 · hill to hill 6",
        "fr": "Coûts de construction (points de dé) : case 1 · rivière 3 · entrer ou sortir d'une colline 4 · colline à colline 6",
        "de": "Baukosten (Würfelpunkte): Feld 1 · über einen Fluss 3 · in oder aus einem Hügel 4 · Hügel zu Hügel 6",
        "it": "Costi di costruzione (punti dado): casella 1 · fiume 3 · entrare o uscire da una collina 4 · collina a collina 6",
    },
    "df_costs_german": {
        "en": "German Dampfross: 1 · 3 · 3 · 5",
        "fr": "Dampfross allemand : 1 · 3 · 3 · 5",
        "de": "Dampfross (deutsche Ausgabe): 1 · 3 · 3 · 5",
        "it": "Dampfross tedesco: 1 · 3 · 3 · 5",
    },
    "df_numbers": {
        "en": "Town numbers: roll two dice, the first gives the tens (4 and 3: town 43)",
        "fr": "Numéros des villes : deux dés, le premier donne les dizaines (4 et 3 : ville 43)",
        "de": "Städtenummern: zwei Würfel, der erste gibt die Zehner (4 und 3: Stadt 43)",
        "it": "Numeri delle città: due dadi, il primo dà le decine (4 e 3: città 43)",
    },
    "df_random_map": {
        "en": "Random map {seed}",
        "fr": "Carte aléatoire {seed}",
        "de": "Zufallskarte {seed}",
        "it": "Mappa casuale {seed}",
    },
    "df_town": {"en": "town", "fr": "ville", "de": "Stadt", "it": "città"},
    "df_big_town": {
        "en": "big town (two numbers)",
        "fr": "grande ville (deux numéros)",
        "de": "Großstadt (zwei Nummern)",
        "it": "grande città (due numeri)",
    },
    "df_port": {"en": "port", "fr": "port", "de": "Hafen", "it": "porto"},
    "df_river": {"en": "river", "fr": "rivière", "de": "Fluss", "it": "fiume"},
    "df_hill": {"en": "hill", "fr": "colline", "de": "Hügel", "it": "collina"},
    "df_start_town": {
        "en": "Start: any town",
        "fr": "Départ : n'importe quelle ville",
        "de": "Start: beliebige Stadt",
        "it": "Partenza: qualsiasi città",
    },
    "df_start_port": {
        "en": "Start: any sea port",
        "fr": "Départ : n'importe quel port de mer",
        "de": "Start: beliebiger Seehafen",
        "it": "Partenza: qualsiasi porto",
    },
    "df_hex_sheet": {
        "en": "Blank hex sheet: hexes {across} mm across ({size} mm to a corner). Trim at the corner marks; sheets join seamlessly on all four sides.",
        "fr": "Feuille d'hexagones vierge : hexagones de {across} mm ({size} mm au coin). Couper aux repères ; les feuilles se raccordent sur les quatre côtés.",
        "de": "Leeres Hexfeldblatt: Felder {across} mm breit ({size} mm bis zur Ecke). An den Eckmarken beschneiden; die Blätter schließen an allen vier Seiten nahtlos an.",
        "it": "Foglio di esagoni vuoto: esagoni di {across} mm ({size} mm all'angolo). Rifilare ai segni; i fogli si uniscono su tutti e quattro i lati.",
    },
    "df_ledger": {"en": "Accounts", "fr": "Comptes", "de": "Kontobuch", "it": "Conti"},
    "df_ledger_note": {
        "en": "Everyone starts with 20. First to reach a town +5 (not the start town). Entering a hex a rival uses (not in towns): 1 to each rival there; parallel line +2. Race: winner +20, second +10; fares 1 per hex on a rival's line.",
        "fr": "Chacun commence avec 20. Premier arrivé dans une ville +5 (pas la ville de départ). Entrer dans une case d'un rival (sauf villes) : 1 à chaque rival présent ; ligne parallèle +2. Course : gagnant +20, second +10 ; 1 par case sur la ligne d'un rival.",
        "de": "Jeder beginnt mit 20. Wer eine Stadt zuerst erreicht +5 (nicht die Startstadt). Feld eines Rivalen betreten (nicht in Städten): 1 an jeden Rivalen dort; parallele Strecke +2. Rennen: Sieger +20, Zweiter +10; 1 je Feld auf fremder Strecke.",
        "it": "Ognuno parte con 20. Primo ad arrivare in una città +5 (non la città di partenza). Entrare in un esagono di un rivale (non nelle città): 1 a ogni rivale presente; linea parallela +2. Corsa: vincitore +20, secondo +10; 1 per esagono sulla linea di un rivale.",
    },
    "df_event": {"en": "Event", "fr": "Opération", "de": "Vorgang", "it": "Operazione"},
    "df_start_capital": {
        "en": "Start capital",
        "fr": "Capital de départ",
        "de": "Startkapital",
        "it": "Capitale iniziale",
    },
    "df_races": {
        "en": "Race record",
        "fr": "Registre des courses",
        "de": "Rennprotokoll",
        "it": "Registro delle corse",
    },
    "df_race_cols": {
        "en": "No.|From (number, town)|To (number, town)|Entrants|Fares paid (who to whom)|1st +20|2nd +10",
        "fr": "N°|De (numéro, ville)|À (numéro, ville)|Participants|Péages (qui à qui)|1er +20|2e +10",
        "de": "Nr.|Von (Nummer, Stadt)|Nach (Nummer, Stadt)|Teilnehmer|Gebühren (wer an wen)|1. +20|2. +10",
        "it": "N.|Da (numero, città)|A (numero, città)|Partecipanti|Pedaggi (chi a chi)|1° +20|2° +10",
    },
    "df_rules_title": {
        "en": "Dampfross: rules summary",
        "fr": "Dampfross : résumé des règles",
        "de": "Dampfross: Kurzregel",
        "it": "Dampfross: riassunto delle regole",
    },
    "df_rules": {
        "en": "Material|This map, a felt pen of a different colour and a token for each player, two dice, the accounts sheet and the race record. 3 to 8 players.\n"
        "Start|Each player picks a starting point, as the map's legend says: any town, or any sea port (circled in blue).\n"
        "Building|In turn, roll one die and draw that many cost points of line, from hex centre to hex centre: 1 per step, 3 across a river, 4 into or out of a hill, 6 hill to hill. Your network must stay connected; a roll may be split over several places but cannot be saved. All lines entering a hex join at its centre.\n"
        "Payments|Except in towns, entering a hex a rival already uses costs 1 point, paid to that rival (to each rival there); building parallel to a rival's line on half a hex costs 2 more. Everyone starts with 20 points on the accounts sheet. The first to reach a town earns 5 (not for the starting town). Building ends when every town has been reached by a line.\n"
        "Races|Two dice name a town (the first die gives the tens: 4 and 3 is town 43), two more the second town. Players may enter (two partners as one company); a route runs at least 3 hexes and uses part of your own line. Before the race, pay each rival 1 point per hex you run on their line (partners share; the richer pays the odd point). The richest moves first: one hex per pip, one less when entering a hill. Winner +20, second +10 (a lone entrant gets 20). Winnings may buy more line at 1 point per cost point. The next race runs from the last race's end town to a newly rolled town.\n"
        "End|The first player to reach 200 points with 5 or more players, 225 with 4 or 250 with 3 wins (experienced players: 50 more).\n"
        "German Dampfross|Costs 1 · 3 · 3 · 5, first arrival 6, races of at least 6 hexes, fares at most 10 per rival and race, victory at 250 (2-3 players), 225 (4), 200 (5-6).",
        "fr": "Matériel|Cette carte, un crayon-feutre d'une couleur différente et un jeton par joueur, deux dés, la feuille des comptes et le registre des courses. 3 à 8 joueurs.\n"
        "Départ|Chacun choisit son point de départ, selon la légende de la carte : n'importe quelle ville, ou n'importe quel port de mer (cerclé de bleu).\n"
        "Construction|À son tour, jeter un dé et tracer autant de points de coût de ligne, du centre d'un hexagone au centre d'un autre : 1 par case, 3 pour traverser une rivière, 4 pour entrer dans une colline ou en sortir, 6 d'une colline à une autre. Le réseau doit rester continu ; un jet peut servir à plusieurs endroits mais ne peut pas être mis en réserve. Toutes les lignes entrant dans un hexagone se rejoignent au centre.\n"
        "Paiements|Sauf dans les villes, entrer dans une case déjà utilisée par un rival coûte 1 point, payé à ce rival (à chaque rival présent) ; construire parallèlement à sa ligne sur la moitié d'un hexagone coûte 2 points de plus. Chacun commence avec 20 points sur la feuille des comptes. Le premier qui atteint une ville reçoit 5 points (pas pour la ville de départ). La construction finit quand chaque ville a été atteinte par au moins une ligne.\n"
        "Courses|Deux dés donnent une ville (le premier les dizaines : 4 et 3, ville 43), deux autres la seconde ville. Les joueurs peuvent participer (deux associés comme une seule compagnie) ; la course fait au moins 3 cases et emprunte en partie ses propres lignes. Avant la course, payer à chaque rival 1 point par case parcourue sur ses lignes (les associés partagent ; le plus riche paie le point impair). Le plus riche part le premier : une case par point de dé, une de moins en entrant dans une colline. Gagnant +20, second +10 (un participant seul reçoit 20). Les gains peuvent payer de nouvelles lignes, 1 point par point de coût. La course suivante va de la ville d'arrivée de la précédente à une nouvelle ville tirée aux dés.\n"
        "Fin|Gagne le premier joueur qui atteint 200 points à 5 joueurs ou plus, 225 à 4 ou 250 à 3 (joueurs expérimentés : 50 de plus).\n"
        "Dampfross allemand|Coûts 1 · 3 · 3 · 5, première arrivée 6, courses d'au moins 6 cases, au plus 10 points par rival et par course, victoire à 250 (2-3 joueurs), 225 (4), 200 (5-6).",
        "de": "Material|Diese Karte, je Spieler ein Filzstift in eigener Farbe und ein Spielstein, zwei Würfel, das Kontobuch und das Rennprotokoll. 3 bis 8 Spieler.\n"
        "Start|Jeder wählt seinen Startpunkt, wie die Legende der Karte sagt: eine beliebige Stadt oder ein beliebiger Seehafen (blau umkreist).\n"
        "Bauen|Reihum einen Würfel werfen und so viele Kostenpunkte Strecke zeichnen, von Feldmitte zu Feldmitte: 1 je Schritt, 3 über einen Fluss, 4 in einen Hügel hinein oder heraus, 6 von Hügel zu Hügel. Das eigene Netz muss zusammenhängen; ein Wurf darf auf mehrere Stellen verteilt, aber nicht aufgespart werden. Alle Strecken in einem Feld treffen sich in seiner Mitte.\n"
        "Zahlungen|Außer in Städten kostet das Betreten eines Feldes, das ein Rivale schon nutzt, 1 Punkt an diesen Rivalen (an jeden Rivalen dort); parallel zu seiner Strecke auf einem halben Feld zu bauen kostet 2 mehr. Jeder beginnt mit 20 Punkten im Kontobuch. Wer eine Stadt als Erster erreicht, erhält 5 (nicht für die Startstadt). Die Bauphase endet, wenn jede Stadt von einer Strecke erreicht ist.\n"
        "Rennen|Zwei Würfel nennen eine Stadt (der erste gibt die Zehner: 4 und 3 ist Stadt 43), zwei weitere die zweite Stadt. Wer will, nimmt teil (zwei Partner als eine Gesellschaft); die Route ist mindestens 3 Felder lang und nutzt einen Teil der eigenen Strecke. Vor dem Rennen zahlt man jedem Rivalen 1 Punkt je Feld auf seiner Strecke (Partner teilen; der Reichere zahlt den ungeraden Punkt). Der Reichste zieht zuerst: ein Feld je Würfelauge, eines weniger beim Betreten eines Hügels. Sieger +20, Zweiter +10 (ein einzelner Teilnehmer erhält 20). Gewinne dürfen für neue Strecke ausgegeben werden, 1 Punkt je Kostenpunkt. Das nächste Rennen führt von der Zielstadt des letzten zu einer neu gewürfelten Stadt.\n"
        "Ende|Es gewinnt, wer zuerst 200 Punkte erreicht bei 5 oder mehr Spielern, 225 bei 4 oder 250 bei 3 (erfahrene Spieler: 50 mehr).\n"
        "Deutsches Dampfross|Kosten 1 · 3 · 3 · 5, Erstankunft 6, Rennen mindestens 6 Felder, höchstens 10 Punkte je Rivale und Rennen, Sieg bei 250 (2-3 Spieler), 225 (4), 200 (5-6).",
        "it": "Materiale|Questa mappa, per ogni giocatore un pennarello di un colore diverso e una pedina, due dadi, il foglio dei conti e il registro delle corse. Da 3 a 8 giocatori.\n"
        "Partenza|Ognuno sceglie il punto di partenza, come indica la legenda della mappa: una città qualsiasi o un porto di mare qualsiasi (cerchiato in blu).\n"
        "Costruzione|A turno, tirare un dado e tracciare altrettanti punti di costo di linea, dal centro di un esagono al centro di un altro: 1 per passo, 3 per attraversare un fiume, 4 per entrare in una collina o uscirne, 6 da collina a collina. La rete deve restare collegata; un tiro può essere diviso fra più punti ma non messo da parte. Tutte le linee che entrano in un esagono si uniscono al centro.\n"
        "Pagamenti|Tranne che nelle città, entrare in un esagono già usato da un rivale costa 1 punto, pagato a quel rivale (a ogni rivale presente); costruire parallelamente alla sua linea su mezzo esagono costa 2 punti in più. Ognuno parte con 20 punti sul foglio dei conti. Il primo a raggiungere una città riceve 5 punti (non per la città di partenza). La costruzione finisce quando ogni città è stata raggiunta da almeno una linea.\n"
        "Corse|Due dadi danno una città (il primo le decine: 4 e 3 è la città 43), altri due la seconda città. I giocatori possono partecipare (due soci come una sola compagnia); il percorso è di almeno 3 esagoni e usa in parte la propria linea. Prima della corsa si paga a ogni rivale 1 punto per esagono percorso sulla sua linea (i soci dividono; il più ricco paga il punto dispari). Muove per primo il più ricco: un esagono per punto di dado, uno in meno entrando in una collina. Vincitore +20, secondo +10 (un partecipante solo riceve 20). Le vincite possono pagare nuova linea, 1 punto per punto di costo. La corsa successiva va dalla città d'arrivo della precedente a una nuova città tirata ai dadi.\n"
        "Fine|Vince il primo che raggiunge 200 punti con 5 o più giocatori, 225 con 4 o 250 con 3 (giocatori esperti: 50 in più).\n"
        "Dampfross tedesco|Costi 1 · 3 · 3 · 5, primo arrivo 6, corse di almeno 6 esagoni, al massimo 10 punti per rivale e per corsa, vittoria a 250 (2-3 giocatori), 225 (4), 200 (5-6).",
    },
    "df_races_note": {
        "en": "A race runs at least 3 hexes; the next race starts where the last one ended. Tournament: 36 races (or 18), each number used twice (once).",
        "fr": "Une course fait au moins 3 cases ; la suivante part de la ville d'arrivée. Tournoi : 36 courses (ou 18), chaque numéro utilisé deux fois (une fois).",
        "de": "Ein Rennen ist mindestens 3 Felder lang; das nächste beginnt, wo das letzte endete. Turnier: 36 Rennen (oder 18), jede Nummer zweimal (einmal).",
        "it": "Una corsa è lunga almeno 3 esagoni; la successiva parte dove è finita l'ultima. Torneo: 36 corse (o 18), ogni numero usato due volte (una volta).",
    },
    # ------------------------------------------------------------ TransAmerica
    "ta_region_green": {
        "en": "West coast",
        "fr": "Côte ouest",
        "de": "Westküste",
        "it": "Costa ovest",
    },
    "ta_region_blue": {"en": "North", "fr": "Nord", "de": "Norden", "it": "Nord"},
    "ta_region_yellow": {"en": "Centre", "fr": "Centre", "de": "Mitte", "it": "Centro"},
    "ta_region_red": {"en": "South", "fr": "Sud", "de": "Süden", "it": "Sud"},
    "ta_region_orange": {"en": "East coast", "fr": "Côte est", "de": "Ostküste", "it": "Costa est"},
    "ta_random_board": {
        "en": "Random continent {seed}",
        "fr": "Continent aléatoire {seed}",
        "de": "Zufallskontinent {seed}",
        "it": "Continente casuale {seed}",
    },
    "ta_plain": {
        "en": "single line: 1 track",
        "fr": "trait simple : 1 tronçon",
        "de": "einfache Linie: 1 Schiene",
        "it": "linea semplice: 1 binario",
    },
    "ta_double": {
        "en": "double line (mountain, river): 1 track, counts 2",
        "fr": "trait double (montagne, rivière) : 1 tronçon, compte 2",
        "de": "Doppellinie (Gebirge, Fluss): 1 Schiene, zählt 2",
        "it": "linea doppia (montagna, fiume): 1 binario, conta 2",
    },
    "ta_dotted": {
        "en": "dotted frame: out of the game with 2-3 players",
        "fr": "cadre pointillé : retirée à 2-3 joueurs",
        "de": "gepunkteter Rahmen: bei 2-3 Spielern aussortiert",
        "it": "cornice tratteggiata: esclusa con 2-3 giocatori",
    },
    "ta_shed": {"en": "Engine shed", "fr": "Hangar", "de": "Lokschuppen", "it": "Deposito"},
    "ta_barrier": {"en": "Barrier", "fr": "Barrière", "de": "Schranke", "it": "Barriera"},
    "ta_score_track": {
        "en": "Score track: cut out along the outer line",
        "fr": "Piste de score : découper le long du trait extérieur",
        "de": "Wertungsleiste: an der Außenlinie ausschneiden",
        "it": "Segnapunti: ritagliare lungo il bordo esterno",
    },
    "ta_start_markers": {
        "en": "Start markers",
        "fr": "Pions de départ",
        "de": "Startsteine",
        "it": "Segnalini di partenza",
    },
    "ta_locomotives": {
        "en": "Locomotives (score markers)",
        "fr": "Locomotives (marqueurs de score)",
        "de": "Lokomotiven (Zählsteine)",
        "it": "Locomotive (segnapunti)",
    },
    "ta_first_player": {
        "en": "First player",
        "fr": "Premier joueur",
        "de": "Startspieler",
        "it": "Primo giocatore",
    },
    "ta_first_player_note": {
        "en": "Passes to the left after each round.",
        "fr": "Passe au voisin de gauche après chaque manche.",
        "de": "Geht nach jeder Runde nach links weiter.",
        "it": "Passa a sinistra dopo ogni manche.",
    },
    "ta_fold": {
        "en": "fold on the middle line and glue back to back",
        "fr": "plier sur la ligne du milieu et coller dos à dos",
        "de": "an der Mittellinie falten und Rücken an Rücken kleben",
        "it": "piegare sulla linea centrale e incollare schiena contro schiena",
    },
    "ta_tracks_note": {
        "en": "You also need 85 track pieces (matchsticks or 3 cm paper strips): 84 to build "
        "and 1 barrier.",
        "fr": "Il faut aussi 85 tronçons (allumettes ou bandes de papier de 3 cm) : 84 à poser "
        "et 1 barrière.",
        "de": "Dazu 85 Schienen (Streichhölzer oder 3 cm lange Papierstreifen): 84 zum Bauen "
        "und 1 Schranke.",
        "it": "Servono anche 85 binari (fiammiferi o strisce di carta da 3 cm): 84 da posare "
        "e 1 barriera.",
    },
    "ta_score_pad": {
        "en": "Score pad: points left after each round (start 13)",
        "fr": "Feuille de score : points restants après chaque manche (départ 13)",
        "de": "Punkteblock: verbleibende Punkte nach jeder Runde (Start 13)",
        "it": "Segnapunti: punti rimasti dopo ogni manche (partenza 13)",
    },
    "player": {"en": "Player", "fr": "Joueur", "de": "Spieler", "it": "Giocatore"},
    "round": {"en": "Round", "fr": "Manche", "de": "Runde", "it": "Manche"},
    "ta_rules_title": {
        "en": "TransAmerica: rules summary",
        "fr": "TransAmerica : résumé des règles",
        "de": "TransAmerica: Kurzregel",
        "it": "TransAmerica: riassunto delle regole",
    },
    "ta_rules": {
        "en": "Material|1 board, 35 city cards (7 per colour; the 10 dotted cards are removed "
        "with 2-3 players), 84 tracks + 1 barrier, 6 start markers, 6 locomotives, the "
        "first-player card. 2 to 6 players.\n"
        "Setup|Everyone's locomotive starts on 13 in the engine shed. The barrier lies on the "
        "double red line. Shuffle the cards by colour; each player draws one of each colour in "
        "secret.\n"
        "A round|First, each player puts their start marker on a free intersection (a city is "
        "allowed). Then in turn: place 1 or 2 tracks on single lines, or 1 track on a double "
        "line; at least 1 track. Every track must connect through track to your own start "
        "marker. Networks that touch merge and belong to everyone in them.\n"
        "End of a round|The round ends at once when one player's five cities are connected to "
        "their network (if a player's first single track completes other players' cities, they "
        "may still place a second single track). It also ends when all 84 tracks are placed.\n"
        "Scoring|Every player whose five cities are not all connected loses 1 point per missing "
        "single track and 2 per missing double track: the fewest tracks that would connect the "
        "five cities to their network; all track on the board counts. Move the locomotive "
        "towards the barrier.\n"
        "Next round|Clear the track, reshuffle and deal the cards again; the first-player card "
        "passes left.\n"
        "After round 2|If the lowest player still has 4 points or more, move the barrier so "
        "that exactly two spaces lie between it and that locomotive: the game then ends at "
        "(lowest score - 3) or fewer. Example: lowest on 5, the game ends at 2 or fewer.\n"
        "End|After a round's scoring, if a locomotive has reached or passed the barrier, the "
        "game ends. The most points wins; ties share the win.",
        "fr": "Matériel|1 plateau, 35 cartes villes (7 par couleur ; les 10 cartes à cadre "
        "pointillé sont retirées à 2-3 joueurs), 84 tronçons + 1 barrière, 6 pions de départ, "
        "6 locomotives, la carte premier joueur. 2 à 6 joueurs.\n"
        "Mise en place|Chaque locomotive part de 13, dans le hangar. La barrière est posée sur "
        "la double ligne rouge. Mélanger les cartes par couleur ; chacun tire en secret une "
        "carte de chaque couleur.\n"
        "Une manche|D'abord, chacun pose son pion de départ sur une intersection libre (une "
        "ville est permise). Puis, à son tour : poser 1 ou 2 tronçons sur des traits simples, "
        "ou 1 tronçon sur un trait double ; au moins 1 tronçon. Chaque tronçon doit être relié "
        "par des tronçons à son propre pion. Les réseaux qui se touchent fusionnent et servent "
        "à tous leurs joueurs.\n"
        "Fin de la manche|La manche se termine dès que les cinq villes d'un joueur sont reliées "
        "à son réseau (si le premier tronçon simple d'un joueur relie les villes d'autres "
        "joueurs, il peut encore poser un second tronçon simple). Elle se termine aussi quand "
        "les 84 tronçons sont posés.\n"
        "Décompte|Chaque joueur dont les cinq villes ne sont pas toutes reliées perd 1 point "
        "par tronçon simple manquant et 2 par tronçon double manquant : le plus petit nombre de "
        "tronçons qui relierait ses cinq villes à son réseau ; tous les tronçons du plateau "
        "comptent. Avancer la locomotive vers la barrière.\n"
        "Manche suivante|Retirer les tronçons, remélanger et redistribuer les cartes ; la carte "
        "premier joueur passe à gauche.\n"
        "Après la 2e manche|Si le dernier a encore 4 points ou plus, avancer la barrière pour "
        "qu'il reste exactement deux cases entre elle et sa locomotive : la partie se termine "
        "alors à (score le plus bas - 3) ou moins. Exemple : dernier à 5, fin à 2 ou moins.\n"
        "Fin|Après un décompte, si une locomotive a atteint ou dépassé la barrière, la partie "
        "est finie. Le plus de points gagne ; les ex aequo partagent la victoire.",
        "de": "Material|1 Spielplan, 35 Städtekarten (7 je Farbe; die 10 Karten mit gepunktetem "
        "Rahmen werden bei 2-3 Spielern aussortiert), 84 Schienen + 1 Schranke, 6 Startsteine, "
        "6 Lokomotiven, die Startspielerkarte. 2 bis 6 Spieler.\n"
        "Aufbau|Jede Lokomotive startet auf 13 im Lokschuppen. Die Schranke liegt auf der roten "
        "Doppellinie. Karten nach Farben mischen; jeder zieht geheim eine Karte jeder Farbe.\n"
        "Eine Runde|Zuerst setzt jeder seinen Startstein auf einen freien Knotenpunkt (eine "
        "Stadt ist erlaubt). Dann reihum: 1 oder 2 Schienen auf einfache Linien oder 1 Schiene "
        "auf eine Doppellinie legen; mindestens 1 Schiene. Jede Schiene muss über Schienen mit "
        "dem eigenen Startstein verbunden sein. Netze, die sich berühren, verschmelzen und "
        "gehören allen Beteiligten.\n"
        "Rundenende|Die Runde endet sofort, wenn die fünf Städte eines Spielers mit seinem Netz "
        "verbunden sind (verbindet die erste einfache Schiene eines Spielers die Städte anderer "
        "Spieler, darf er noch eine zweite einfache Schiene legen). Sie endet auch, wenn alle "
        "84 Schienen liegen.\n"
        "Wertung|Wer seine fünf Städte nicht alle verbunden hat, verliert 1 Punkt je fehlende "
        "einfache und 2 je fehlende doppelte Schiene: die wenigsten Schienen, die seine fünf "
        "Städte mit seinem Netz verbinden würden; alle Schienen auf dem Plan zählen. Lokomotive "
        "Richtung Schranke ziehen.\n"
        "Nächste Runde|Schienen abräumen, Karten neu mischen und verteilen; die "
        "Startspielerkarte geht nach links.\n"
        "Nach Runde 2|Hat der Letzte noch 4 oder mehr Punkte, wird die Schranke so versetzt, "
        "dass genau zwei Felder zwischen ihr und seiner Lokomotive liegen: das Spiel endet dann "
        "bei (niedrigster Stand - 3) oder weniger. Beispiel: Letzter auf 5, Ende bei 2 oder "
        "weniger.\n"
        "Spielende|Hat nach einer Wertung eine Lokomotive die Schranke erreicht oder "
        "überfahren, endet das Spiel. Die meisten Punkte gewinnen; Gleichstand teilt den Sieg.",
        "it": "Materiale|1 tabellone, 35 carte città (7 per colore; le 10 carte con cornice "
        "tratteggiata si escludono con 2-3 giocatori), 84 binari + 1 barriera, 6 segnalini di "
        "partenza, 6 locomotive, la carta primo giocatore. Da 2 a 6 giocatori.\n"
        "Preparazione|Ogni locomotiva parte da 13, nel deposito. La barriera va sulla doppia "
        "linea rossa. Mescolare le carte per colore; ognuno pesca in segreto una carta per "
        "colore.\n"
        "Una manche|Prima ognuno pone il segnalino di partenza su un incrocio libero (anche una "
        "città). Poi a turno: posare 1 o 2 binari su linee semplici, oppure 1 binario su una "
        "linea doppia; almeno 1 binario. Ogni binario deve essere collegato da binari al proprio "
        "segnalino. Le reti che si toccano si uniscono e servono a tutti i loro giocatori.\n"
        "Fine della manche|La manche finisce appena le cinque città di un giocatore sono "
        "collegate alla sua rete (se il primo binario semplice di un giocatore completa le città "
        "di altri, può ancora posarne un secondo semplice). Finisce anche quando tutti gli 84 "
        "binari sono posati.\n"
        "Punteggio|Chi non ha collegato tutte e cinque le città perde 1 punto per ogni binario "
        "semplice mancante e 2 per ogni binario doppio: il minor numero di binari che "
        "collegherebbe le cinque città alla sua rete; contano tutti i binari sul tabellone. "
        "Avanzare la locomotiva verso la barriera.\n"
        "Manche successiva|Togliere i binari, rimescolare e ridistribuire le carte; la carta "
        "primo giocatore passa a sinistra.\n"
        "Dopo la 2a manche|Se l'ultimo ha ancora 4 punti o più, spostare la barriera in modo "
        "che restino esattamente due caselle tra essa e la sua locomotiva: la partita finisce "
        "allora a (punteggio più basso - 3) o meno. Esempio: ultimo a 5, fine a 2 o meno.\n"
        "Fine|Dopo un punteggio, se una locomotiva ha raggiunto o superato la barriera, la "
        "partita finisce. Vince chi ha più punti; i pari merito condividono la vittoria.",
    },
}


def t(key: str, lang: str, **values: object) -> str:
    """The text for key in lang, with {placeholders} filled in."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    text = STRINGS[key][lang]
    return text.format(**values) if values else text
