"""Dampfross's printed text in English, French, German and Italian; the rule numbers are
``{placeholders}`` filled from the rules preset (``values``)."""

from __future__ import annotations

from trackwright.core.dampfross import DampfrossMap, DampfrossRules
from trackwright.kits import i18n

STRINGS: dict[str, dict[str, str]] = {
    # what the kit's checklist says the players need besides the printed files
    "ck_needs": {
        "en": "Two six-sided dice (one to build; a town number is two dice, or one die rolled twice), a pen per player in their colour (erasable, or a clear sheet over the map), a pencil for the ledger, scissors and a glue stick for the map sheets and the race tokens.",
        "fr": "Deux dés à six faces (un pour construire ; un numéro de ville se tire avec deux dés, ou un dé jeté deux fois), un feutre par joueur à sa couleur (effaçable, ou une feuille transparente sur la carte), un crayon pour les comptes, ciseaux et colle en bâton pour les feuilles de la carte et les jetons de course.",
        "de": "Zwei sechsseitige Würfel (einer zum Bauen; eine Städtenummer sind zwei Würfel oder ein Würfel zweimal geworfen), ein Stift pro Spieler in seiner Farbe (abwischbar, oder eine Klarsichtfolie über der Karte), ein Bleistift für die Konten, Schere und Klebestift für die Kartenblätter und die Rennsteine.",
        "it": "Due dadi a sei facce (uno per costruire; un numero di città si tira con due dadi, o un dado lanciato due volte), un pennarello per giocatore del suo colore (cancellabile, o un foglio trasparente sulla mappa), una matita per i conti, forbici e colla stick per i fogli della mappa e le pedine delle corse.",
    },
    "df_costs": {
        "en": "Building costs (die points): step {step} · across a river {river} · into or out of a hill {hill} · hill to hill {hill_to_hill}",
        "fr": "Coûts de construction (points de dé) : case {step} · rivière {river} · entrer ou sortir d'une colline {hill} · colline à colline {hill_to_hill}",
        "de": "Baukosten (Würfelpunkte): Feld {step} · über einen Fluss {river} · in oder aus einem Hügel {hill} · Hügel zu Hügel {hill_to_hill}",
        "it": "Costi di costruzione (punti dado): casella {step} · fiume {river} · entrare o uscire da una collina {hill} · collina a collina {hill_to_hill}",
    },
    "df_costs_german": {
        "en": "German Dampfross: {step} · {river} · {hill} · {hill_to_hill}",
        "fr": "Dampfross allemand : {step} · {river} · {hill} · {hill_to_hill}",
        "de": "Dampfross (deutsche Ausgabe): {step} · {river} · {hill} · {hill_to_hill}",
        "it": "Dampfross tedesco: {step} · {river} · {hill} · {hill_to_hill}",
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
    "df_town": {
        "en": "town",
        "fr": "ville",
        "de": "Stadt",
        "it": "città",
    },
    "df_big_town": {
        "en": "big town (two numbers)",
        "fr": "grande ville (deux numéros)",
        "de": "Großstadt (zwei Nummern)",
        "it": "grande città (due numeri)",
    },
    "df_port": {
        "en": "port",
        "fr": "port",
        "de": "Hafen",
        "it": "porto",
    },
    "df_river": {
        "en": "river",
        "fr": "rivière",
        "de": "Fluss",
        "it": "fiume",
    },
    "df_sea": {
        "en": "sea, lake",
        "fr": "mer, lac",
        "de": "Meer, See",
        "it": "mare, lago",
    },
    "df_hill": {
        "en": "hill",
        "fr": "colline",
        "de": "Hügel",
        "it": "collina",
    },
    "df_coord": {
        "en": "hex F7: column F, row 7",
        "fr": "hex F7 : colonne F, rangée 7",
        "de": "Feld F7: Spalte F, Reihe 7",
        "it": "esagono F7: colonna F, riga 7",
    },
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
        "en": "Blank hex sheet: hexes {across} mm across ({size} mm to a corner). Trim at the corner marks; sheets join seamlessly on all four sides. Hexes are labelled as a map file counts them: column letter, row number, A1 top left (the scorer names hexes so).",
        "fr": "Feuille d'hexagones vierge : hexagones de {across} mm ({size} mm au coin). Couper aux repères ; les feuilles se raccordent sur les quatre côtés. Chaque hexagone porte sa coordonnée comme un fichier de carte la compte : lettre de colonne, numéro de rangée, A1 en haut à gauche (le marqueur nomme ainsi les hexagones).",
        "de": "Leeres Hexfeldblatt: Felder {across} mm breit ({size} mm bis zur Ecke). An den Eckmarken beschneiden; die Blätter schließen an allen vier Seiten nahtlos an. Jedes Feld trägt seine Koordinate, wie eine Kartendatei sie zählt: Spaltenbuchstabe, Zeilennummer, A1 oben links (so nennt die Wertung die Felder).",
        "it": "Foglio di esagoni vuoto: esagoni di {across} mm ({size} mm all'angolo). Rifilare ai segni; i fogli si uniscono su tutti e quattro i lati. Ogni esagono porta la sua coordinata come la conta un file di mappa: lettera di colonna, numero di riga, A1 in alto a sinistra (il segnapunti chiama così gli esagoni).",
    },
    "df_ledger": {
        "en": "Accounts",
        "fr": "Comptes",
        "de": "Kontobuch",
        "it": "Conti",
    },
    "df_ledger_note": {
        "en": "Everyone starts with {start_capital}. First to reach a town +{first_arrival} (not the start town). Entering a hex a rival uses (not in towns): {rival_entry} to each rival there; parallel line +{parallel}. Race: winner +{first_prize}, second +{second_prize}; fares {fare} per hex on a rival's line.",
        "fr": "Chacun commence avec {start_capital}. Premier arrivé dans une ville +{first_arrival} (pas la ville de départ). Entrer dans une case d'un rival (sauf villes) : {rival_entry} à chaque rival présent ; ligne parallèle +{parallel}. Course : gagnant +{first_prize}, second +{second_prize} ; {fare} par case sur la ligne d'un rival.",
        "de": "Jeder beginnt mit {start_capital}. Wer eine Stadt zuerst erreicht +{first_arrival} (nicht die Startstadt). Feld eines Rivalen betreten (nicht in Städten): {rival_entry} an jeden Rivalen dort; parallele Strecke +{parallel}. Rennen: Sieger +{first_prize}, Zweiter +{second_prize}; {fare} je Feld auf fremder Strecke.",
        "it": "Ognuno parte con {start_capital}. Primo ad arrivare in una città +{first_arrival} (non la città di partenza). Entrare in un esagono di un rivale (non nelle città): {rival_entry} a ogni rivale presente; linea parallela +{parallel}. Corsa: vincitore +{first_prize}, secondo +{second_prize}; {fare} per esagono sulla linea di un rivale.",
    },
    "df_event": {
        "en": "Event",
        "fr": "Opération",
        "de": "Vorgang",
        "it": "Operazione",
    },
    "df_start_capital": {
        "en": "Start capital",
        "fr": "Capital de départ",
        "de": "Startkapital",
        "it": "Capitale iniziale",
    },
    "df_continued": {
        "en": "continued",
        "fr": "suite",
        "de": "Fortsetzung",
        "it": "seguito",
    },
    "df_brought_forward": {
        "en": "Brought forward",
        "fr": "Report",
        "de": "Übertrag",
        "it": "Riporto",
    },
    "df_carried_forward": {
        "en": "Carried forward",
        "fr": "À reporter",
        "de": "Zu übertragen",
        "it": "Da riportare",
    },
    "df_page": {
        "en": "page {page} of {pages}",
        "fr": "page {page} sur {pages}",
        "de": "Seite {page} von {pages}",
        "it": "pagina {page} di {pages}",
    },
    "df_tokens": {
        "en": "Race tokens",
        "fr": "Jetons de course",
        "de": "Rennfiguren",
        "it": "Segnalini di corsa",
    },
    "df_tokens_note": {
        "en": "Cut out each piece along its solid outline, fold it on the dotted line and glue the halves back to back. Each entrant puts their token on the race's start town and moves it; the Start and Finish markers show the race's two towns.",
        "fr": "Découper chaque pièce le long du trait plein, la plier sur les pointillés et coller les deux moitiés dos à dos. Chaque participant pose son jeton sur la ville de départ de la course et le déplace ; les marqueurs Départ et Arrivée montrent les deux villes de la course.",
        "de": "Jedes Teil an der durchgezogenen Linie ausschneiden, an der gepunkteten Linie falten und die Hälften Rücken an Rücken kleben. Jeder Teilnehmer stellt seine Figur auf die Startstadt des Rennens und zieht sie; die Marken Start und Ziel zeigen die beiden Städte des Rennens.",
        "it": "Ritagliare ogni pezzo lungo il contorno continuo, piegarlo sulla linea tratteggiata e incollare le due metà dorso a dorso. Ogni partecipante mette il suo segnalino sulla città di partenza della corsa e lo muove; i segnalini Partenza e Arrivo indicano le due città della corsa.",
    },
    "df_token_from": {
        "en": "Start",
        "fr": "Départ",
        "de": "Start",
        "it": "Partenza",
    },
    "df_token_to": {
        "en": "Finish",
        "fr": "Arrivée",
        "de": "Ziel",
        "it": "Arrivo",
    },
    "df_races": {
        "en": "Race record",
        "fr": "Registre des courses",
        "de": "Rennprotokoll",
        "it": "Registro delle corse",
    },
    "df_race_cols": {
        "en": "No.|From (number, town)|To (number, town)|Entrants|Fares paid (who to whom)|1st +{first_prize}|2nd +{second_prize}",
        "fr": "N°|De (numéro, ville)|À (numéro, ville)|Participants|Péages (qui à qui)|1er +{first_prize}|2e +{second_prize}",
        "de": "Nr.|Von (Nummer, Stadt)|Nach (Nummer, Stadt)|Teilnehmer|Gebühren (wer an wen)|1. +{first_prize}|2. +{second_prize}",
        "it": "N.|Da (numero, città)|A (numero, città)|Partecipanti|Pedaggi (chi a chi)|1° +{first_prize}|2° +{second_prize}",
    },
    "df_rules_title": {
        "en": "Dampfross: rules summary",
        "fr": "Dampfross : résumé des règles",
        "de": "Dampfross: Kurzregel",
        "it": "Dampfross: riassunto delle regole",
    },
    "df_rules": {
        "en": "Material|This map, a felt pen of a different colour and a token for each player, two dice, the accounts sheet and the race record. {fewest} to {most} players.\nStart|Each player picks a starting point, as the map's legend says: any town, or any sea port (circled in blue).\nBuilding|In turn, roll one die and draw that many cost points of line, from hex centre to hex centre: {step} per step, {river} across a river, {hill} into or out of a hill, {hill_to_hill} hill to hill. Your network must stay connected; a roll may be split over several places but cannot be saved. All lines entering a hex join at its centre.\nPayments|Except in towns, entering a hex a rival already uses costs {rival_entry} point, paid to that rival (to each rival there); building parallel to a rival's line on half a hex costs {parallel} more. Everyone starts with {start_capital} points on the accounts sheet. The first to reach a town earns {first_arrival} (not for the starting town). Building ends when every town has been reached by a line.\nRaces|A roll of two dice names a town (the first die gives the tens: 4 and 3 is town 43), a second roll the second town. Players may enter (two partners as one company); a route runs at least {race_min} hexes and uses part of your own line. Before the race, pay each rival {fare} point per hex you run on their line (partners share; the richer pays the odd point). The richest moves first: one hex per pip, {penalty} less when entering a hill. Winner +{first_prize}, second +{second_prize} (a lone entrant gets {lone_prize}). Winnings may buy more line at 1 point per cost point. The next race runs from the last race's end town to a newly rolled town.\nEnd|The first player to reach {victory} wins{experienced}.",
        "fr": "Matériel|Cette carte, un crayon-feutre d'une couleur différente et un jeton par joueur, deux dés, la feuille des comptes et le registre des courses. {fewest} à {most} joueurs.\nDépart|Chacun choisit son point de départ, selon la légende de la carte : n'importe quelle ville, ou n'importe quel port de mer (cerclé de bleu).\nConstruction|À son tour, jeter un dé et tracer autant de points de coût de ligne, du centre d'un hexagone au centre d'un autre : {step} par case, {river} pour traverser une rivière, {hill} pour entrer dans une colline ou en sortir, {hill_to_hill} d'une colline à une autre. Le réseau doit rester continu ; un jet peut servir à plusieurs endroits mais ne peut pas être mis en réserve. Toutes les lignes entrant dans un hexagone se rejoignent au centre.\nPaiements|Sauf dans les villes, entrer dans une case déjà utilisée par un rival coûte {rival_entry} point, payé à ce rival (à chaque rival présent) ; construire parallèlement à sa ligne sur la moitié d'un hexagone coûte {parallel} points de plus. Chacun commence avec {start_capital} points sur la feuille des comptes. Le premier qui atteint une ville reçoit {first_arrival} points (pas pour la ville de départ). La construction finit quand chaque ville a été atteinte par au moins une ligne.\nCourses|Un jet de deux dés donne une ville (le premier les dizaines : 4 et 3, ville 43), un second jet la seconde ville. Les joueurs peuvent participer (deux associés comme une seule compagnie) ; la course fait au moins {race_min} cases et emprunte en partie ses propres lignes. Avant la course, payer à chaque rival {fare} point par case parcourue sur ses lignes (les associés partagent ; le plus riche paie le point impair). Le plus riche part le premier : une case par point de dé, {penalty} de moins en entrant dans une colline. Gagnant +{first_prize}, second +{second_prize} (un participant seul reçoit {lone_prize}). Les gains peuvent payer de nouvelles lignes, 1 point par point de coût. La course suivante va de la ville d'arrivée de la précédente à une nouvelle ville tirée aux dés.\nFin|Gagne le premier joueur qui atteint {victory}{experienced}.",
        "de": "Material|Diese Karte, je Spieler ein Filzstift in eigener Farbe und ein Spielstein, zwei Würfel, das Kontobuch und das Rennprotokoll. {fewest} bis {most} Spieler.\nStart|Jeder wählt seinen Startpunkt, wie die Legende der Karte sagt: eine beliebige Stadt oder ein beliebiger Seehafen (blau umkreist).\nBauen|Reihum einen Würfel werfen und so viele Kostenpunkte Strecke zeichnen, von Feldmitte zu Feldmitte: {step} je Schritt, {river} über einen Fluss, {hill} in einen Hügel hinein oder heraus, {hill_to_hill} von Hügel zu Hügel. Das eigene Netz muss zusammenhängen; ein Wurf darf auf mehrere Stellen verteilt, aber nicht aufgespart werden. Alle Strecken in einem Feld treffen sich in seiner Mitte.\nZahlungen|Außer in Städten kostet das Betreten eines Feldes, das ein Rivale schon nutzt, {rival_entry} Punkt an diesen Rivalen (an jeden Rivalen dort); parallel zu seiner Strecke auf einem halben Feld zu bauen kostet {parallel} mehr. Jeder beginnt mit {start_capital} Punkten im Kontobuch. Wer eine Stadt als Erster erreicht, erhält {first_arrival} (nicht für die Startstadt). Die Bauphase endet, wenn jede Stadt von einer Strecke erreicht ist.\nRennen|Ein Wurf mit zwei Würfeln nennt eine Stadt (der erste gibt die Zehner: 4 und 3 ist Stadt 43), ein zweiter Wurf die zweite Stadt. Wer will, nimmt teil (zwei Partner als eine Gesellschaft); die Route ist mindestens {race_min} Felder lang und nutzt einen Teil der eigenen Strecke. Vor dem Rennen zahlt man jedem Rivalen {fare} Punkt je Feld auf seiner Strecke (Partner teilen; der Reichere zahlt den ungeraden Punkt). Der Reichste zieht zuerst: ein Feld je Würfelauge, {penalty} weniger beim Betreten eines Hügels. Sieger +{first_prize}, Zweiter +{second_prize} (ein einzelner Teilnehmer erhält {lone_prize}). Gewinne dürfen für neue Strecke ausgegeben werden, 1 Punkt je Kostenpunkt. Das nächste Rennen führt von der Zielstadt des letzten zu einer neu gewürfelten Stadt.\nEnde|Es gewinnt, wer zuerst {victory}{experienced}.",
        "it": "Materiale|Questa mappa, per ogni giocatore un pennarello di un colore diverso e una pedina, due dadi, il foglio dei conti e il registro delle corse. Da {fewest} a {most} giocatori.\nPartenza|Ognuno sceglie il punto di partenza, come indica la legenda della mappa: una città qualsiasi o un porto di mare qualsiasi (cerchiato in blu).\nCostruzione|A turno, tirare un dado e tracciare altrettanti punti di costo di linea, dal centro di un esagono al centro di un altro: {step} per passo, {river} per attraversare un fiume, {hill} per entrare in una collina o uscirne, {hill_to_hill} da collina a collina. La rete deve restare collegata; un tiro può essere diviso fra più punti ma non messo da parte. Tutte le linee che entrano in un esagono si uniscono al centro.\nPagamenti|Tranne che nelle città, entrare in un esagono già usato da un rivale costa {rival_entry} punto, pagato a quel rivale (a ogni rivale presente); costruire parallelamente alla sua linea su mezzo esagono costa {parallel} punti in più. Ognuno parte con {start_capital} punti sul foglio dei conti. Il primo a raggiungere una città riceve {first_arrival} punti (non per la città di partenza). La costruzione finisce quando ogni città è stata raggiunta da almeno una linea.\nCorse|Un tiro di due dadi dà una città (il primo le decine: 4 e 3 è la città 43), un secondo tiro la seconda città. I giocatori possono partecipare (due soci come una sola compagnia); il percorso è di almeno {race_min} esagoni e usa in parte la propria linea. Prima della corsa si paga a ogni rivale {fare} punto per esagono percorso sulla sua linea (i soci dividono; il più ricco paga il punto dispari). Muove per primo il più ricco: un esagono per punto di dado, {penalty} in meno entrando in una collina. Vincitore +{first_prize}, secondo +{second_prize} (un partecipante solo riceve {lone_prize}). Le vincite possono pagare nuova linea, 1 punto per punto di costo. La corsa successiva va dalla città d'arrivo della precedente a una nuova città tirata ai dadi.\nFine|Vince il primo che raggiunge {victory}{experienced}.",
    },
    "df_races_note": {
        "en": "A race runs at least {race_min} hexes; the next race starts where the last one ended. Tournament: {tournament} races (or {tournament_short}), each number used twice (once).",
        "fr": "Une course fait au moins {race_min} cases ; la suivante part de la ville d'arrivée. Tournoi : {tournament} courses (ou {tournament_short}), chaque numéro utilisé deux fois (une fois).",
        "de": "Ein Rennen ist mindestens {race_min} Felder lang; das nächste beginnt, wo das letzte endete. Turnier: {tournament} Rennen (oder {tournament_short}), jede Nummer zweimal (einmal).",
        "it": "Una corsa è lunga almeno {race_min} esagoni; la successiva parte dove è finita l'ultima. Torneo: {tournament} corse (o {tournament_short}), ogni numero usato due volte (una volta).",
    },
    "df_rules_german": {
        "en": "German Dampfross|Costs {step} · {river} · {hill} · {hill_to_hill}, first arrival {first_arrival}, races of at least {race_min} hexes, fares at most {fare_cap} per rival and race, victory at {victory}.",
        "fr": "Dampfross allemand|Coûts {step} · {river} · {hill} · {hill_to_hill}, première arrivée {first_arrival}, courses d'au moins {race_min} cases, au plus {fare_cap} points par rival et par course, victoire à {victory}.",
        "de": "Deutsches Dampfross|Kosten {step} · {river} · {hill} · {hill_to_hill}, Erstankunft {first_arrival}, Rennen mindestens {race_min} Felder, höchstens {fare_cap} Punkte je Rivale und Rennen, Sieg bei {victory}.",
        "it": "Dampfross tedesco|Costi {step} · {river} · {hill} · {hill_to_hill}, primo arrivo {first_arrival}, corse di almeno {race_min} esagoni, al massimo {fare_cap} punti per rivale e per corsa, vittoria a {victory}.",
    },
    # score dampfross in the terminal: the ledger's frame and closing lines (each payment and
    # event says what the phone app says: static/games/dampfross.strings.json, by its code)
    "df_rep_title": {
        "en": "Dampfross ledger ({rules} rules)",
        "fr": "Comptes de Dampfross (règles {rules})",
        "de": "Dampfross-Kassenbuch (Regeln {rules})",
        "it": "Registro di Dampfross (regole {rules})",
    },
    "df_rep_event": {"en": "Event", "fr": "Événement", "de": "Ereignis", "it": "Evento"},
    "df_rep_money": {
        "en": "Transactions",
        "fr": "Paiements",
        "de": "Zahlungen",
        "it": "Pagamenti",
    },
    "df_rep_start": {
        "en": "start capital",
        "fr": "capital de départ",
        "de": "Startkapital",
        "it": "capitale iniziale",
    },
    "df_rep_phase_construction": {
        "en": "construction",
        "fr": "construction",
        "de": "Bauphase",
        "it": "costruzione",
    },
    "df_rep_phase_races": {"en": "races", "fr": "courses", "de": "Rennen", "it": "corse"},
    "df_rep_state": {
        "en": "Phase: {phase}. Races run: {races}. Balances: {balances}.",
        "fr": "Phase : {phase}. Courses courues : {races}. Soldes : {balances}.",
        "de": "Phase: {phase}. Gefahrene Rennen: {races}. Kontostände: {balances}.",
        "it": "Fase: {phase}. Corse disputate: {races}. Saldi: {balances}.",
    },
    "df_rep_wins": {
        "en": "{names} wins.",
        "fr": "{names} gagne.",
        "de": "{names} gewinnt.",
        "it": "{names} vince.",
    },
    "df_rep_win": {
        "en": "{names} win.",
        "fr": "{names} gagnent.",
        "de": "{names} gewinnen.",
        "it": "{names} vincono.",
    },
    "df_rep_unreached": {
        "en": "Towns not reached yet: {towns}.",
        "fr": "Villes pas encore atteintes : {towns}.",
        "de": "Noch nicht erreichte Städte: {towns}.",
        "it": "Città non ancora raggiunte: {towns}.",
    },
    # score dampfross --cheapest, --race: the answers at the table
    "df_ans_built": {
        "en": "{goal} is on {player}'s network already: no line to build.",
        "fr": "{goal} est déjà sur le réseau de {player} : aucune ligne à construire.",
        "de": "{goal} liegt schon in {player}s Netz: keine Strecke zu bauen.",
        "it": "{goal} è già sulla rete di {player}: nessuna linea da costruire.",
    },
    "df_ans_cheapest": {
        "en": "{player}'s cheapest line to {goal}: {points} and {payments} to rivals, {steps}.",
        "fr": "Ligne la moins chère de {player} vers {goal} : {points} et {payments} aux adversaires, {steps}.",
        "de": "{player}s billigste Strecke nach {goal}: {points} und {payments} an Mitspieler, {steps}.",
        "it": "Linea più economica di {player} verso {goal}: {points} e {payments} agli avversari, {steps}.",
    },
    "df_ans_point_one": {
        "en": "{n} building point",
        "fr": "{n} point de construction",
        "de": "{n} Baupunkt",
        "it": "{n} punto di costruzione",
    },
    "df_ans_point_other": {
        "en": "{n} building points",
        "fr": "{n} points de construction",
        "de": "{n} Baupunkte",
        "it": "{n} punti di costruzione",
    },
    "df_ans_step_one": {"en": "{n} step", "fr": "{n} case", "de": "{n} Feld", "it": "{n} casella"},
    "df_ans_step_other": {
        "en": "{n} steps",
        "fr": "{n} cases",
        "de": "{n} Felder",
        "it": "{n} caselle",
    },
    "df_ans_route": {
        "en": "Route: {route}",
        "fr": "Parcours : {route}",
        "de": "Strecke: {route}",
        "it": "Percorso: {route}",
    },
    "df_ans_reach": {
        "en": "A roll of {roll} gets to {place} ({steps}).",
        "fr": "Un jet de {roll} mène à {place} ({steps}).",
        "de": "Ein Wurf von {roll} reicht bis {place} ({steps}).",
        "it": "Un tiro di {roll} arriva a {place} ({steps}).",
    },
    "df_ans_race": {
        "en": "Race {route}, fastest first:",
        "fr": "Course {route}, la plus rapide d'abord :",
        "de": "Rennen {route}, die schnellste zuerst:",
        "it": "Corsa {route}, la più veloce per prima:",
    },
    "df_ans_runner": {
        "en": "{player}: {pips}, {hexes}, {fares}",
        "fr": "{player} : {pips}, {hexes}, {fares}",
        "de": "{player}: {pips}, {hexes}, {fares}",
        "it": "{player}: {pips}, {hexes}, {fares}",
    },
    "df_ans_no_fares": {"en": "none", "fr": "aucun", "de": "keine", "it": "nessuno"},
    "df_ans_no_route": {
        "en": "{player}: {no_route}",
        "fr": "{player} : {no_route}",
        "de": "{player}: {no_route}",
        "it": "{player}: {no_route}",
    },
}

t = i18n.translator(STRINGS)

#: The built-in maps' names (as their map files give them, in English) in every language.
MAP_TITLES: dict[str, dict[str, str]] = {
    "England": {"en": "England", "fr": "Angleterre", "de": "England", "it": "Inghilterra"},
    "France": {"en": "France", "fr": "France", "de": "Frankreich", "it": "Francia"},
    "USA (East Coast)": {
        "en": "USA (East Coast)",
        "fr": "États-Unis (côte Est)",
        "de": "USA (Ostküste)",
        "it": "Stati Uniti (costa orientale)",
    },
}
_PRESET_BUILDER = "trackwright-dampfross-preset"


def map_title(m: DampfrossMap, lang: str) -> str:
    """The map's name as printed: a built-in map's in the kit's language, any other as its file
    gives it."""
    titles = MAP_TITLES.get(m.name)
    if titles is None or m.generator.get("name") != _PRESET_BUILDER:
        return m.name
    return titles[lang]


# How the winning totals by number of players are said: (first group with "or more", first
# group, first group as a range, later group with "or more", later group, later as a range, "or").
_VICTORY = {
    "en": (
        "{v} points with {lo} or more players",
        "{v} points with {lo} players",
        "{v} points with {lo}-{hi} players",
        "{v} with {lo} or more",
        "{v} with {lo}",
        "{v} with {lo}-{hi}",
        " or ",
    ),
    "fr": (
        "{v} points à {lo} joueurs ou plus",
        "{v} points à {lo} joueurs",
        "{v} points à {lo}-{hi} joueurs",
        "{v} à {lo} ou plus",
        "{v} à {lo}",
        "{v} à {lo}-{hi}",
        " ou ",
    ),
    "de": (
        "{v} Punkte erreicht bei {lo} oder mehr Spielern",
        "{v} Punkte erreicht bei {lo} Spielern",
        "{v} Punkte erreicht bei {lo}-{hi} Spielern",
        "{v} bei {lo} oder mehr",
        "{v} bei {lo}",
        "{v} bei {lo}-{hi}",
        " oder ",
    ),
    "it": (
        "{v} punti con {lo} o più giocatori",
        "{v} punti con {lo} giocatori",
        "{v} punti con {lo}-{hi} giocatori",
        "{v} con {lo} o più",
        "{v} con {lo}",
        "{v} con {lo}-{hi}",
        " o ",
    ),
}
_EXPERIENCED = {
    "en": " (experienced players: {bonus} more)",
    "fr": " (joueurs expérimentés : {bonus} de plus)",
    "de": " (erfahrene Spieler: {bonus} mehr)",
    "it": " (giocatori esperti: {bonus} in più)",
}
_PLAYERS = {"en": "players", "fr": "joueurs", "de": "Spieler", "it": "giocatori"}


def _groups(victory: dict[int, int]) -> list[tuple[int, int, int]]:
    """(total, fewest, most players) for each run of player counts with the same total."""
    groups: list[tuple[int, int, int]] = []
    for n in sorted(victory):
        if groups and groups[-1][0] == victory[n] and groups[-1][2] == n - 1:
            groups[-1] = (victory[n], groups[-1][1], n)
        else:
            groups.append((victory[n], n, n))
    return groups


def victory_text(rules: DampfrossRules, lang: str) -> str:
    """The winning totals, most players first: "200 points with 5 or more players, 225 with 4 or
    250 with 3"."""
    forms = _VICTORY[lang]
    parts = []
    for k, (v, lo, hi) in enumerate(reversed(_groups(rules.victory))):
        first = 0 if k == 0 else 3
        form = (
            forms[first]
            if hi == rules.players[1] and lo < hi
            else forms[first + (1 if lo == hi else 2)]
        )
        parts.append(form.format(v=v, lo=lo, hi=hi))
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + forms[6] + parts[-1]


def victory_short(rules: DampfrossRules, lang: str) -> str:
    """The winning totals, fewest players first: "250 (2-3 players), 225 (4), 200 (5-6)"."""
    parts = []
    for k, (v, lo, hi) in enumerate(_groups(rules.victory)):
        who = f"{lo}" if lo == hi else f"{lo}-{hi}"
        parts.append(f"{v} ({who} {_PLAYERS[lang]})" if k == 0 else f"{v} ({who})")
    return ", ".join(parts)


def values(rules: DampfrossRules, lang: str) -> dict[str, object]:
    """The rule numbers the text prints, from the preset."""
    bonus = rules.experienced_bonus
    first, second = rules.prizes[0], rules.prizes[1]
    races = rules.tournament_races
    return {
        "step": rules.step,
        "river": rules.river,
        "hill": rules.hill,
        "hill_to_hill": rules.hill_to_hill,
        "start_capital": rules.start_capital,
        "first_arrival": rules.first_arrival,
        "rival_entry": rules.rival_entry,
        "parallel": rules.parallel,
        "first_prize": first,
        "second_prize": second,
        "lone_prize": rules.lone_prize,
        "fare": rules.fare_per_hex,
        "fare_cap": rules.fare_cap,
        "race_min": rules.race_min_hexes,
        "penalty": i18n.word(rules.hill_move_penalty, lang),
        "fewest": rules.players[0],
        "most": rules.players[1],
        "victory": victory_text(rules, lang),
        "experienced": "" if bonus is None else _EXPERIENCED[lang].format(bonus=bonus),
        "tournament": races[0],
        "tournament_short": races[-1],
    }


def comparison_values(rules: DampfrossRules, lang: str) -> dict[str, object]:
    """The numbers of the other edition the default kit prints beside its own."""
    return {**values(rules, lang), "victory": victory_short(rules, lang)}
