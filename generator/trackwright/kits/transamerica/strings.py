"""TransAmerica's printed text in English, French, German and Italian; the rule numbers are
``{placeholders}`` filled from the rules preset (``values``)."""

from __future__ import annotations

from trackwright.core.transamerica import TransAmericaRules
from trackwright.kits import i18n

STRINGS: dict[str, dict[str, str]] = {
    # what the kit's checklist says the players need besides the printed files
    "ck_needs": {
        "en": "Scissors or a craft knife and a metal ruler, a glue stick for the board sheets, the two-sided tokens and the track pieces, a pencil for the score pad. Optional: card sleeves, a sheet of card under the board.",
        "fr": "Ciseaux ou cutter et règle métallique, colle en bâton pour les feuilles du plateau, les pions recto verso et les tronçons, un crayon pour la feuille de score. En option : protège-cartes, un carton sous le plateau.",
        "de": "Schere oder Cutter und Metalllineal, Klebestift für die Spielplanblätter, die beidseitigen Steine und die Schienen, ein Bleistift für den Punkteblock. Wahlweise: Kartenhüllen, ein Karton unter dem Spielplan.",
        "it": "Forbici o taglierino e righello di metallo, colla stick per i fogli del tabellone, le pedine a due facce e i binari, una matita per il segnapunti. Facoltativo: bustine per carte, un cartoncino sotto il tabellone.",
    },
    "ta_region_green": {
        "en": "West coast",
        "fr": "Côte ouest",
        "de": "Westküste",
        "it": "Costa ovest",
    },
    "ta_region_blue": {
        "en": "North",
        "fr": "Nord",
        "de": "Norden",
        "it": "Nord",
    },
    "ta_region_yellow": {
        "en": "Centre",
        "fr": "Centre",
        "de": "Mitte",
        "it": "Centro",
    },
    "ta_region_red": {
        "en": "South",
        "fr": "Sud",
        "de": "Süden",
        "it": "Sud",
    },
    "ta_region_orange": {
        "en": "East coast",
        "fr": "Côte est",
        "de": "Ostküste",
        "it": "Costa est",
    },
    # Region names of boards other than the USA's: where the region lies.
    "ta_compass_centre": {"en": "Centre", "fr": "Centre", "de": "Mitte", "it": "Centro"},
    "ta_compass_north": {"en": "North", "fr": "Nord", "de": "Norden", "it": "Nord"},
    "ta_compass_south": {"en": "South", "fr": "Sud", "de": "Süden", "it": "Sud"},
    "ta_compass_west": {"en": "West", "fr": "Ouest", "de": "Westen", "it": "Ovest"},
    "ta_compass_east": {"en": "East", "fr": "Est", "de": "Osten", "it": "Est"},
    "ta_compass_north_west": {
        "en": "North-west",
        "fr": "Nord-ouest",
        "de": "Nordwesten",
        "it": "Nord-ovest",
    },
    "ta_compass_north_east": {
        "en": "North-east",
        "fr": "Nord-est",
        "de": "Nordosten",
        "it": "Nord-est",
    },
    "ta_compass_south_west": {
        "en": "South-west",
        "fr": "Sud-ouest",
        "de": "Südwesten",
        "it": "Sud-ovest",
    },
    "ta_compass_south_east": {
        "en": "South-east",
        "fr": "Sud-est",
        "de": "Südosten",
        "it": "Sud-est",
    },
    # The built-in boards' names (the map files' "name"), as printed in each language.
    "ta_board_USA": {"en": "USA", "fr": "États-Unis", "de": "USA", "it": "Stati Uniti"},
    "ta_board_Europe": {"en": "Europe", "fr": "Europe", "de": "Europa", "it": "Europa"},
    "ta_board_Japan": {"en": "Japan", "fr": "Japon", "de": "Japan", "it": "Giappone"},
    "ta_hands": {
        "en": "hands {low}-{high}, mean {mean} (the original: {original_low}-{original_high}, "
        "mean {original_mean})",
        "fr": "mains {low}-{high}, moyenne {mean} (l'original : {original_low}-{original_high}, "
        "moyenne {original_mean})",
        "de": "Hände {low}-{high}, Mittel {mean} (das Original: {original_low}-{original_high}, "
        "Mittel {original_mean})",
        "it": "mani {low}-{high}, media {mean} (l'originale: {original_low}-{original_high}, "
        "media {original_mean})",
    },
    "ta_random_board": {
        "en": "Random continent {seed}",
        "fr": "Continent aléatoire {seed}",
        "de": "Zufallskontinent {seed}",
        "it": "Continente casuale {seed}",
    },
    "ta_marks_note": {
        "en": "The black squares round the board are for the photo reader (the app's Photo button).",
        "fr": "Les carrés noirs autour du plateau servent à la lecture par photo (bouton Photo de l'appli).",
        "de": "Die schwarzen Quadrate am Rand sind für das Lesen per Foto (Foto-Knopf der App).",
        "it": "I quadrati neri intorno al tabellone servono alla lettura da foto (pulsante Foto dell'app).",
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
        "en": "dotted frame: out of the game with {dotted} players",
        "fr": "cadre pointillé : retirée à {dotted} joueurs",
        "de": "gepunkteter Rahmen: bei {dotted} Spielern aussortiert",
        "it": "cornice tratteggiata: esclusa con {dotted} giocatori",
    },
    "ta_shed": {
        "en": "Engine shed",
        "fr": "Hangar",
        "de": "Lokschuppen",
        "it": "Deposito",
    },
    "ta_barrier": {
        "en": "Barrier",
        "fr": "Barrière",
        "de": "Schranke",
        "it": "Barriera",
    },
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
        "en": "Cut out each pair, fold on the dashed line and glue back to back: one token printed on both sides.",
        "fr": "Découper chaque paire, plier sur le pointillé et coller dos à dos : un pion imprimé des deux côtés.",
        "de": "Jedes Paar ausschneiden, an der gestrichelten Linie falten und Rücken an Rücken kleben: ein beidseitig bedruckter Stein.",
        "it": "Ritagliare ogni coppia, piegare sulla linea tratteggiata e incollare schiena contro schiena: un segnalino stampato sui due lati.",
    },
    "ta_tracks_note": {
        "en": "The {pieces} track pieces are on the tokens sheet: {tracks} to build (magenta) and 1 barrier (red).",
        "fr": "Les {pieces} tronçons sont sur la feuille des pions : {tracks} à poser (magenta) et 1 barrière (rouge).",
        "de": "Die {pieces} Schienen sind auf dem Blatt mit den Spielsteinen: {tracks} zum Bauen (magenta) und 1 Schranke (rot).",
        "it": "I {pieces} binari sono sul foglio dei segnalini: {tracks} da posare (magenta) e 1 barriera (rossa).",
    },
    "ta_pieces": {
        "en": "{pieces} track pieces: {tracks} to build (magenta) and 1 barrier (red)",
        "fr": "{pieces} tronçons : {tracks} à poser (magenta) et 1 barrière (rouge)",
        "de": "{pieces} Schienen: {tracks} zum Bauen (magenta) und 1 Schranke (rot)",
        "it": "{pieces} binari: {tracks} da posare (magenta) e 1 barriera (rossa)",
    },
    "ta_pieces_more": {
        "en": "Track pieces, continued ({count} on this sheet)",
        "fr": "Tronçons, suite ({count} sur cette feuille)",
        "de": "Schienen, Fortsetzung ({count} auf diesem Blatt)",
        "it": "Binari, continua ({count} su questo foglio)",
    },
    "ta_pieces_fold": {
        "en": "Cut out the block with its backing, fold on the dashed line, glue the two layers together, then cut along the white lines.",
        "fr": "Découper le bloc avec son dos, plier sur le pointillé, coller les deux épaisseurs, puis découper le long des lignes blanches.",
        "de": "Den Block mit seiner Rückseite ausschneiden, an der gestrichelten Linie falten, beide Lagen verkleben, dann an den weißen Linien schneiden.",
        "it": "Ritagliare il blocco con il suo retro, piegare sulla linea tratteggiata, incollare i due strati, poi tagliare lungo le linee bianche.",
    },
    "ta_score_pad": {
        "en": "Score pad: points left after each round (start {start})",
        "fr": "Feuille de score : points restants après chaque manche (départ {start})",
        "de": "Punkteblock: verbleibende Punkte nach jeder Runde (Start {start})",
        "it": "Segnapunti: punti rimasti dopo ogni manche (partenza {start})",
    },
    "player": {
        "en": "Player",
        "fr": "Joueur",
        "de": "Spieler",
        "it": "Giocatore",
    },
    "round": {
        "en": "Round",
        "fr": "Manche",
        "de": "Runde",
        "it": "Manche",
    },
    "ta_rules_title": {
        "en": "TransAmerica: rules summary",
        "fr": "TransAmerica : résumé des règles",
        "de": "TransAmerica: Kurzregel",
        "it": "TransAmerica: riassunto delle regole",
    },
    "ta_rules": {
        "en": "Material|1 board, 35 city cards (7 per colour; the 10 dotted cards are removed with {dotted} players), {tracks} tracks + 1 barrier, {most} start markers, {most} locomotives, the first-player card. {fewest} to {most} players.\nSetup|Everyone's locomotive starts on {start} in the engine shed. The barrier lies on the double red line. Shuffle the cards by colour; each player draws one of each colour in secret.\nA round|First, each player puts their start marker on a free intersection (a city is allowed). Then in turn: place {per_turn} tracks on single lines, or 1 track on a double line; at least 1 track. Every track must connect through track to your own start marker. Networks that touch merge and belong to everyone in them.\nEnd of a round|The round ends at once when one player's five cities are connected to their network (if a player's first single track completes other players' cities, they may still place a second single track). It also ends when all {tracks} tracks are placed.\nScoring|Every player whose five cities are not all connected loses 1 point per missing single track and 2 per missing double track: the fewest tracks that would connect the five cities to their network; all track on the board counts. Move the locomotive towards the barrier.\nNext round|Clear the track, reshuffle and deal the cards again; the first-player card passes left.\nAfter round {barrier_round}|If the lowest player still has {barrier_min} points or more, move the barrier so that exactly {spaces} spaces lie between it and that locomotive: the game then ends at (lowest score - {gap}) or fewer. Example: lowest on {example_lowest}, the game ends at {example_end} or fewer.\nEnd|After a round's scoring, if a locomotive has reached or passed the barrier, the game ends. The most points wins; ties share the win.",
        "fr": "Matériel|1 plateau, 35 cartes villes (7 par couleur ; les 10 cartes à cadre pointillé sont retirées à {dotted} joueurs), {tracks} tronçons + 1 barrière, {most} pions de départ, {most} locomotives, la carte premier joueur. {fewest} à {most} joueurs.\nMise en place|Chaque locomotive part de {start}, dans le hangar. La barrière est posée sur la double ligne rouge. Mélanger les cartes par couleur ; chacun tire en secret une carte de chaque couleur.\nUne manche|D'abord, chacun pose son pion de départ sur une intersection libre (une ville est permise). Puis, à son tour : poser {per_turn} tronçons sur des traits simples, ou 1 tronçon sur un trait double ; au moins 1 tronçon. Chaque tronçon doit être relié par des tronçons à son propre pion. Les réseaux qui se touchent fusionnent et servent à tous leurs joueurs.\nFin de la manche|La manche se termine dès que les cinq villes d'un joueur sont reliées à son réseau (si le premier tronçon simple d'un joueur relie les villes d'autres joueurs, il peut encore poser un second tronçon simple). Elle se termine aussi quand les {tracks} tronçons sont posés.\nDécompte|Chaque joueur dont les cinq villes ne sont pas toutes reliées perd 1 point par tronçon simple manquant et 2 par tronçon double manquant : le plus petit nombre de tronçons qui relierait ses cinq villes à son réseau ; tous les tronçons du plateau comptent. Avancer la locomotive vers la barrière.\nManche suivante|Retirer les tronçons, remélanger et redistribuer les cartes ; la carte premier joueur passe à gauche.\nAprès la {barrier_round}e manche|Si le dernier a encore {barrier_min} points ou plus, avancer la barrière pour qu'il reste exactement {spaces} cases entre elle et sa locomotive : la partie se termine alors à (score le plus bas - {gap}) ou moins. Exemple : dernier à {example_lowest}, fin à {example_end} ou moins.\nFin|Après un décompte, si une locomotive a atteint ou dépassé la barrière, la partie est finie. Le plus de points gagne ; les ex aequo partagent la victoire.",
        "de": "Material|1 Spielplan, 35 Städtekarten (7 je Farbe; die 10 Karten mit gepunktetem Rahmen werden bei {dotted} Spielern aussortiert), {tracks} Schienen + 1 Schranke, {most} Startsteine, {most} Lokomotiven, die Startspielerkarte. {fewest} bis {most} Spieler.\nAufbau|Jede Lokomotive startet auf {start} im Lokschuppen. Die Schranke liegt auf der roten Doppellinie. Karten nach Farben mischen; jeder zieht geheim eine Karte jeder Farbe.\nEine Runde|Zuerst setzt jeder seinen Startstein auf einen freien Knotenpunkt (eine Stadt ist erlaubt). Dann reihum: {per_turn} Schienen auf einfache Linien oder 1 Schiene auf eine Doppellinie legen; mindestens 1 Schiene. Jede Schiene muss über Schienen mit dem eigenen Startstein verbunden sein. Netze, die sich berühren, verschmelzen und gehören allen Beteiligten.\nRundenende|Die Runde endet sofort, wenn die fünf Städte eines Spielers mit seinem Netz verbunden sind (verbindet die erste einfache Schiene eines Spielers die Städte anderer Spieler, darf er noch eine zweite einfache Schiene legen). Sie endet auch, wenn alle {tracks} Schienen liegen.\nWertung|Wer seine fünf Städte nicht alle verbunden hat, verliert 1 Punkt je fehlende einfache und 2 je fehlende doppelte Schiene: die wenigsten Schienen, die seine fünf Städte mit seinem Netz verbinden würden; alle Schienen auf dem Plan zählen. Lokomotive Richtung Schranke ziehen.\nNächste Runde|Schienen abräumen, Karten neu mischen und verteilen; die Startspielerkarte geht nach links.\nNach Runde {barrier_round}|Hat der Letzte noch {barrier_min} oder mehr Punkte, wird die Schranke so versetzt, dass genau {spaces} Felder zwischen ihr und seiner Lokomotive liegen: das Spiel endet dann bei (niedrigster Stand - {gap}) oder weniger. Beispiel: Letzter auf {example_lowest}, Ende bei {example_end} oder weniger.\nSpielende|Hat nach einer Wertung eine Lokomotive die Schranke erreicht oder überfahren, endet das Spiel. Die meisten Punkte gewinnen; Gleichstand teilt den Sieg.",
        "it": "Materiale|1 tabellone, 35 carte città (7 per colore; le 10 carte con cornice tratteggiata si escludono con {dotted} giocatori), {tracks} binari + 1 barriera, {most} segnalini di partenza, {most} locomotive, la carta primo giocatore. Da {fewest} a {most} giocatori.\nPreparazione|Ogni locomotiva parte da {start}, nel deposito. La barriera va sulla doppia linea rossa. Mescolare le carte per colore; ognuno pesca in segreto una carta per colore.\nUna manche|Prima ognuno pone il segnalino di partenza su un incrocio libero (anche una città). Poi a turno: posare {per_turn} binari su linee semplici, oppure 1 binario su una linea doppia; almeno 1 binario. Ogni binario deve essere collegato da binari al proprio segnalino. Le reti che si toccano si uniscono e servono a tutti i loro giocatori.\nFine della manche|La manche finisce appena le cinque città di un giocatore sono collegate alla sua rete (se il primo binario semplice di un giocatore completa le città di altri, può ancora posarne un secondo semplice). Finisce anche quando tutti gli {tracks} binari sono posati.\nPunteggio|Chi non ha collegato tutte e cinque le città perde 1 punto per ogni binario semplice mancante e 2 per ogni binario doppio: il minor numero di binari che collegherebbe le cinque città alla sua rete; contano tutti i binari sul tabellone. Avanzare la locomotiva verso la barriera.\nManche successiva|Togliere i binari, rimescolare e ridistribuire le carte; la carta primo giocatore passa a sinistra.\nDopo la {barrier_round}a manche|Se l'ultimo ha ancora {barrier_min} punti o più, spostare la barriera in modo che restino esattamente {spaces} caselle tra essa e la sua locomotiva: la partita finisce allora a (punteggio più basso - {gap}) o meno. Esempio: ultimo a {example_lowest}, fine a {example_end} o meno.\nFine|Dopo un punteggio, se una locomotiva ha raggiunto o superato la barriera, la partita finisce. Vince chi ha più punti; i pari merito condividono la vittoria.",
    },
    "ta_dotted_card": {
        "en": "out with {dotted} players",
        "fr": "retirée à {dotted} joueurs",
        "de": "bei {dotted} Spielern aussortiert",
        "it": "esclusa con {dotted} giocatori",
    },
    # What `trackwright score transamerica` prints and its --explain pictures say.
    "ta_rep_round": {
        "en": "Round {number}: {tracks} tracks on the board",
        "fr": "Manche {number} : {tracks} tronçons sur le plateau",
        "de": "Runde {number}: {tracks} Schienen auf dem Spielplan",
        "it": "Manche {number}: {tracks} binari sul tabellone",
    },
    "ta_rep_completed": {
        "en": ", completed by {names}",
        "fr": ", terminée par {names}",
        "de": ", beendet von {names}",
        "it": ", chiusa da {names}",
    },
    "ta_rep_in_progress": {
        "en": " (in progress: nothing deducted yet)",
        "fr": " (en cours : rien n'est encore décompté)",
        "de": " (läuft noch: noch nichts abgezogen)",
        "it": " (in corso: ancora nulla detratto)",
    },
    "ta_rep_player": {"en": "Player", "fr": "Joueur", "de": "Spieler", "it": "Giocatore"},
    "ta_rep_start": {"en": "Start", "fr": "Départ", "de": "Start", "it": "Partenza"},
    "ta_rep_cities": {"en": "Cities", "fr": "Villes", "de": "Städte", "it": "Città"},
    "ta_rep_lost": {"en": "Lost", "fr": "Perdus", "de": "Verloren", "it": "Persi"},
    "ta_rep_missing": {
        "en": "Missing track (a=b: double, counts 2)",
        "fr": "Tronçons manquants (a=b : double, compte 2)",
        "de": "Fehlende Schienen (a=b: doppelt, zählt 2)",
        "it": "Binari mancanti (a=b: doppio, conta 2)",
    },
    "ta_rep_score": {"en": "Score", "fr": "Score", "de": "Punkte", "it": "Punti"},
    "ta_rep_connected": {"en": "connected", "fr": "relié", "de": "verbunden", "it": "collegato"},
    "ta_rep_visible_end": {
        "en": "Visible cards: the game ends after {rounds} rounds.",
        "fr": "Cartes visibles : la partie se termine après {rounds} manches.",
        "de": "Offene Karten: das Spiel endet nach {rounds} Runden.",
        "it": "Carte scoperte: la partita finisce dopo {rounds} manche.",
    },
    "ta_rep_threshold": {
        "en": "The game ends for a player at {threshold} points or fewer.",
        "fr": "La partie se termine quand un joueur a {threshold} points ou moins.",
        "de": "Das Spiel endet, wenn ein Spieler {threshold} Punkte oder weniger hat.",
        "it": "La partita finisce quando un giocatore ha {threshold} punti o meno.",
    },
    "ta_rep_game_over": {
        "en": "Game over.",
        "fr": "Partie terminée.",
        "de": "Spielende.",
        "it": "Partita finita.",
    },
    "ta_rep_winner": {
        "en": "{names} wins with {points} points. Scores: {scores}.",
        "fr": "{names} gagne avec {points} points. Scores : {scores}.",
        "de": "{names} gewinnt mit {points} Punkten. Stand: {scores}.",
        "it": "{names} vince con {points} punti. Punteggi: {scores}.",
    },
    "ta_rep_winners": {
        "en": "{names} win with {points} points. Scores: {scores}.",
        "fr": "{names} gagnent avec {points} points. Scores : {scores}.",
        "de": "{names} gewinnen mit {points} Punkten. Stand: {scores}.",
        "it": "{names} vincono con {points} punti. Punteggi: {scores}.",
    },
    "ta_rep_goes_on": {
        "en": "The game goes on. Scores: {scores}.",
        "fr": "La partie continue. Scores : {scores}.",
        "de": "Das Spiel geht weiter. Stand: {scores}.",
        "it": "La partita continua. Punteggi: {scores}.",
    },
    "ta_rep_ends_at": {
        "en": "the game ends at {threshold} or fewer points",
        "fr": "la partie se termine à {threshold} points ou moins",
        "de": "das Spiel endet bei {threshold} Punkten oder weniger",
        "it": "la partita finisce a {threshold} punti o meno",
    },
    "ta_rep_explain_title": {
        "en": "TransAmerica score · {name}",
        "fr": "TransAmerica, le décompte · {name}",
        "de": "TransAmerica, die Wertung · {name}",
        "it": "TransAmerica, il punteggio · {name}",
    },
    "ta_rep_drawn": {
        "en": "missing tracks drawn in {files}",
        "fr": "tronçons manquants dessinés dans {files}",
        "de": "fehlende Schienen gezeichnet in {files}",
        "it": "binari mancanti disegnati in {files}",
    },
    # generate transamerica --region / --random: the board's balance, once built
    "ta_gen_balance": {
        "en": "{name}: {nodes} intersections; hands {low}-{high}, mean {mean} (the original: {o_low}-{o_high}, {o_mean}); {tries}",
        "fr": "{name} : {nodes} intersections ; mains de {low} à {high}, moyenne {mean} (l'original : {o_low} à {o_high}, {o_mean}) ; {tries}",
        "de": "{name}: {nodes} Kreuzungspunkte; Hände {low} bis {high}, Mittel {mean} (das Original: {o_low} bis {o_high}, {o_mean}); {tries}",
        "it": "{name}: {nodes} incroci; mani da {low} a {high}, media {mean} (l'originale: da {o_low} a {o_high}, {o_mean}); {tries}",
    },
    "ta_gen_try_one": {
        "en": "{n} try",
        "fr": "{n} essai",
        "de": "{n} Versuch",
        "it": "{n} tentativo",
    },
    "ta_gen_try_other": {
        "en": "{n} tries",
        "fr": "{n} essais",
        "de": "{n} Versuche",
        "it": "{n} tentativi",
    },
    # analyse: the exact cost of every hand, in the terminal and on the histogram
    "ta_an_title": {
        "en": "{name}: {hands} hands, exact costs",
        "fr": "{name} : {hands} mains, coûts exacts",
        "de": "{name}: {hands} Hände, genaue Kosten",
        "it": "{name}: {hands} mani, costi esatti",
    },
    "ta_an_this": {
        "en": "this board",
        "fr": "ce plateau",
        "de": "dieser Spielplan",
        "it": "questo tabellone",
    },
    "ta_an_original": {
        "en": "the original",
        "fr": "l'original",
        "de": "das Original",
        "it": "l'originale",
    },
    "ta_an_cheapest": {
        "en": "cheapest hand",
        "fr": "main la moins chère",
        "de": "billigste Hand",
        "it": "mano più economica",
    },
    "ta_an_mean": {"en": "mean", "fr": "moyenne", "de": "Mittel", "it": "media"},
    "ta_an_dearest": {
        "en": "dearest hand",
        "fr": "main la plus chère",
        "de": "teuerste Hand",
        "it": "mano più cara",
    },
    "ta_an_doubles": {
        "en": "double lines",
        "fr": "lignes doubles",
        "de": "Doppelstrecken",
        "it": "linee doppie",
    },
    "ta_an_percent": {"en": "{p}%", "fr": "{p} %", "de": "{p} %", "it": "{p}%"},
    "ta_an_effects": {
        "en": "What each city adds to the mean hand",
        "fr": "Ce que chaque ville ajoute à la main moyenne",
        "de": "Was jede Stadt zur mittleren Hand beiträgt",
        "it": "Quanto ogni città aggiunge alla mano media",
    },
    "ta_an_region": {"en": "region", "fr": "région", "de": "Region", "it": "regione"},
    "ta_an_green": {"en": "green", "fr": "vert", "de": "grün", "it": "verde"},
    "ta_an_blue": {"en": "blue", "fr": "bleu", "de": "blau", "it": "blu"},
    "ta_an_yellow": {"en": "yellow", "fr": "jaune", "de": "gelb", "it": "giallo"},
    "ta_an_red": {"en": "red", "fr": "rouge", "de": "rot", "it": "rosso"},
    "ta_an_orange": {"en": "orange", "fr": "orange", "de": "orange", "it": "arancione"},
    "ta_an_cities": {
        "en": "cities (difference from the mean)",
        "fr": "villes (écart à la moyenne)",
        "de": "Städte (Abweichung vom Mittel)",
        "it": "città (scarto dalla media)",
    },
    "ta_an_band": {
        "en": "mean {low}-{high}, maximum at most {most}",
        "fr": "moyenne de {low} à {high}, maximum au plus {most}",
        "de": "Mittel {low} bis {high}, Maximum höchstens {most}",
        "it": "media da {low} a {high}, massimo al più {most}",
    },
    "ta_an_within": {
        "en": "within the band ({band})",
        "fr": "dans la fourchette ({band})",
        "de": "innerhalb des Zielbereichs ({band})",
        "it": "entro la fascia ({band})",
    },
    "ta_an_outside": {
        "en": "outside the band ({band})",
        "fr": "hors de la fourchette ({band})",
        "de": "außerhalb des Zielbereichs ({band})",
        "it": "fuori dalla fascia ({band})",
    },
    "ta_an_done": {
        "en": "{verdict} · histogram in {folder} · {seconds} s",
        "fr": "{verdict} · histogramme dans {folder} · {seconds} s",
        "de": "{verdict} · Histogramm in {folder} · {seconds} s",
        "it": "{verdict} · istogramma in {folder} · {seconds} s",
    },
    "ta_an_histogram": {
        "en": "TransAmerica · {name}: the cost of every hand",
        "fr": "TransAmerica · {name} : le coût de chaque main",
        "de": "TransAmerica · {name}: die Kosten jeder Hand",
        "it": "TransAmerica · {name}: il costo di ogni mano",
    },
    "ta_an_figures": {
        "en": "{hands} hands · min {low} · mean {mean} · max {high}",
        "fr": "{hands} mains · min {low} · moyenne {mean} · max {high}",
        "de": "{hands} Hände · min. {low} · Mittel {mean} · max. {high}",
        "it": "{hands} mani · min {low} · media {mean} · max {high}",
    },
    "ta_an_legend": {
        "en": "hand cost (tracks; double lines count 2) · dashed black: the original's mean {mean} · orange: this board's mean",
        "fr": "coût d'une main (tronçons ; les lignes doubles comptent 2) · tirets noirs : la moyenne de l'original, {mean} · orange : la moyenne de ce plateau",
        "de": "Kosten einer Hand (Schienen; Doppelstrecken zählen 2) · schwarz gestrichelt: Mittel des Originals, {mean} · orange: Mittel dieses Spielplans",
        "it": "costo di una mano (binari; le linee doppie contano 2) · tratteggio nero: la media dell'originale, {mean} · arancione: la media di questo tabellone",
    },
}

t = i18n.translator(STRINGS)


def decimal(x: float, lang: str) -> str:
    """A number with one decimal as written in the language (27.5, 27,5)."""
    return i18n.number(x, lang)


_PER_TURN = {"en": ("or", "to"), "fr": ("ou", "à"), "de": ("oder", "bis"), "it": ("o", "a")}


def values(rules: TransAmericaRules, lang: str) -> dict[str, object]:
    """The rule numbers the text prints, from the preset."""
    lowest = rules.barrier_min_lowest + 1
    n = rules.plain_per_turn
    joiner = _PER_TURN[lang][0 if n == 2 else 1]
    per_turn = "1" if n == 1 else f"1 {joiner} {n}"
    if lang == "it" and n > 2:
        per_turn = f"da {per_turn}"
    return {
        "start": rules.start_points,
        "tracks": rules.tracks,
        "pieces": rules.tracks + 1,
        "per_turn": per_turn,
        "fewest": rules.players[0],
        "most": rules.players[1],
        "dotted": f"{rules.players[0]}-{rules.dotted_out_up_to}",
        "barrier_round": rules.barrier_round,
        "barrier_min": rules.barrier_min_lowest,
        "spaces": i18n.word(rules.barrier_gap - 1, lang),
        "gap": rules.barrier_gap,
        "example_lowest": lowest,
        "example_end": lowest - rules.barrier_gap,
    }
