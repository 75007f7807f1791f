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
