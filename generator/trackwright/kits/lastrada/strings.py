"""La Strada's printed text in English, French, German and Italian; the rule numbers are
``{placeholders}`` filled from the rules preset (``values``)."""

from __future__ import annotations

from trackwright.core.lastrada import LaStradaRules
from trackwright.kits import i18n

STRINGS: dict[str, dict[str, str]] = {
    # what the kit's checklist says the players need besides the printed files
    "ck_needs": {
        "en": "Scissors or a craft knife and a metal ruler, a glue stick (thin card for tiles and tokens is best); nothing else: no dice.",
        "fr": "Ciseaux ou cutter et règle métallique, colle en bâton (un papier épais pour les tuiles et pions est préférable) ; rien d'autre : pas de dés.",
        "de": "Schere oder Cutter und Metalllineal, Klebestift (dünner Karton für Plättchen und Steine ist am besten); sonst nichts: keine Würfel.",
        "it": "Forbici o taglierino e righello di metallo, colla stick (meglio un cartoncino sottile per tessere e pedine); nient'altro: niente dadi.",
    },
    "ls_city": {
        "en": "City",
        "fr": "Ville",
        "de": "Stadt",
        "it": "Città",
    },
    "ls_fortified_village": {
        "en": "Fortified village",
        "fr": "Village fortifié",
        "de": "Wehrdorf",
        "it": "Borgo fortificato",
    },
    "ls_hamlet": {
        "en": "Hamlet",
        "fr": "Hameau",
        "de": "Weiler",
        "it": "Frazione",
    },
    "ls_farm": {
        "en": "Farm",
        "fr": "Ferme",
        "de": "Hof",
        "it": "Fattoria",
    },
    "ls_start": {
        "en": "Start",
        "fr": "Départ",
        "de": "Start",
        "it": "Partenza",
    },
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
    "ls_merchants": {
        "en": "merchants",
        "fr": "marchands",
        "de": "Händler",
        "it": "mercanti",
    },
    "ls_piece": {
        "en": "Piece",
        "fr": "Élément",
        "de": "Teil",
        "it": "Pezzo",
    },
    "ls_start_piece": {
        "en": "start piece: lay it first",
        "fr": "élément de départ : à poser en premier",
        "de": "Startteil: zuerst legen",
        "it": "pezzo di partenza: da posare per primo",
    },
    "ls_costs": {
        "en": "Road tiles cost travel days: plain {plain} · forest {forest} · hill {hill}",
        "fr": "Les routes coûtent des jours de voyage : plaine {plain} · forêt {forest} · colline {hill}",
        "de": "Straßen kosten Reisetage: Ebene {plain} · Wald {forest} · Hügel {hill}",
        "it": "Le strade costano giorni di viaggio: pianura {plain} · foresta {forest} · collina {hill}",
    },
    "ls_tiles_note": {
        "en": "Road tiles: straight road on the front, curved on the back. Cut each row free with two straight cuts (marks in the margins), then cut round each tile on its line.",
        "fr": "Tuiles de route : route droite au recto, courbe au verso. Détacher chaque rangée de deux coupes droites (repères dans les marges), puis découper chaque tuile sur son trait.",
        "de": "Straßenplättchen: gerade Straße vorne, Kurve hinten. Jede Reihe mit zwei geraden Schnitten lösen (Marken am Rand), dann jedes Plättchen an seiner Linie ausschneiden.",
        "it": "Tessere strada: strada dritta sul fronte, curva sul retro. Staccare ogni fila con due tagli dritti (segni nei margini), poi ritagliare ogni tessera sulla sua linea.",
    },
    "ls_tiles_title": {
        "en": "La Strada · tiles · sheet {n} of {count}",
        "fr": "La Strada · tuiles · feuille {n} sur {count}",
        "de": "La Strada · Plättchen · Blatt {n} von {count}",
        "it": "La Strada · tessere · foglio {n} di {count}",
    },
    "ls_days_track": {
        "en": "Travel days: at most {reserve} are kept after your turn; {next} to {most} only during it",
        "fr": "Jours de voyage : au plus {reserve} conservés après le tour ; de {next} à {most} seulement pendant le tour",
        "de": "Reisetage: nach dem Zug höchstens {reserve} behalten; {next} bis {most} nur während des Zuges",
        "it": "Giorni di viaggio: dopo il turno se ne tengono al massimo {reserve}; da {next} a {most} solo durante il turno",
    },
    "ls_rules_title": {
        "en": "La Strada: rules summary",
        "fr": "La Strada : résumé des règles",
        "de": "La Strada: Kurzregel",
        "it": "La Strada: riassunto delle regole",
    },
    "ls_rules": {
        "en": "Setup|Lay the start piece, then the other five in random order; shuffle the 19 settlement tiles onto the marked hexes and turn them up. Each player puts a start tile on a free plain hex, at least one free hex from every other start tile, and a marker on 0 travel days.\nA turn|Gain {days} travel days (at most {reserve} are kept after your turn; the rest is lost). Lay road tiles: plain {plain}, forest {forest}, hill {hill} days; the tile must match the hex, one tile per hex, straight or curved alike. A road starts at your start tile or a settlement you reached and must reach a new settlement this turn; put a merchant there. Never the same settlement twice; roads cross only at settlements. You may build several roads, or none.\nEnd|The game ends when a player, on their turn, cannot reach any settlement (every settlement within reach has their merchant, no merchants left, or no fitting tiles). Choosing not to build does not end it.\nGold|Each merchant on a settlement earns by the number of merchants there (table below). Most gold wins; a tie goes to more travel days in reserve.\nTwo players|Each places two start tiles, the second player moves first. One merchant per settlement, but you may pass through a settlement held by the other (no merchant). The game ends when every settlement is taken; each pays its highest value.",
        "fr": "Mise en place|Poser l'élément de départ, puis les cinq autres au hasard ; placer les 19 localités mélangées sur les hexagones marqués, faces visibles. Chacun pose une tuile de départ sur une plaine libre, à au moins un hexagone de toute autre, et un marqueur sur 0 jour de voyage.\nUn tour|Recevoir {days} jours de voyage (au plus {reserve} sont conservés après le tour ; le reste est perdu). Poser des routes : plaine {plain}, forêt {forest}, colline {hill} jours ; la tuile doit correspondre au paysage, une tuile par hexagone, droite ou courbe au même prix. Une route part de sa tuile de départ ou d'une localité atteinte et doit atteindre une nouvelle localité dans le tour ; y poser un marchand. Jamais deux fois la même localité ; les routes ne se croisent que dans les localités. On peut poser plusieurs routes, ou aucune.\nFin|La partie se termine quand un joueur, à son tour, ne peut plus relier aucune localité (toutes celles à sa portée ont son marchand, plus de marchands ou plus de tuiles adaptées). Renoncer à construire ne termine pas la partie.\nOr|Chaque marchand gagne selon le nombre de marchands présents (tableau ci-dessous). Le plus d'or gagne ; en cas d'égalité, le plus de jours en réserve.\nÀ deux|Chacun pose deux tuiles de départ, le second joueur commence. Un seul marchand par localité, mais on peut traverser une localité de l'autre (sans marchand). Fin quand toutes les localités sont occupées ; chacune rapporte sa valeur maximale.",
        "de": "Aufbau|Das Startteil legen, dann die fünf anderen in zufälliger Reihenfolge; die 19 Ortsplättchen gemischt auf die markierten Felder legen und aufdecken. Jeder setzt ein Startplättchen auf ein freies Ebenenfeld, mindestens ein Feld Abstand zu jedem anderen, und seinen Marker auf 0 Reisetage.\nEin Zug|{days} Reisetage erhalten (nach dem Zug höchstens {reserve} behalten, der Rest verfällt). Straßen legen: Ebene {plain}, Wald {forest}, Hügel {hill} Tage; das Plättchen muss zum Gelände passen, ein Plättchen je Feld, gerade oder Kurve gleich teuer. Eine Straße beginnt am Startplättchen oder an einem erreichten Ort und muss im selben Zug einen neuen Ort erreichen; dort einen Händler einsetzen. Nie zweimal derselbe Ort; Straßen kreuzen sich nur in Orten. Mehrere Straßen oder keine sind erlaubt.\nEnde|Das Spiel endet, wenn ein Spieler in seinem Zug keinen Ort mehr erreichen kann (überall in Reichweite steht sein Händler, keine Händler oder keine passenden Plättchen mehr). Freiwillig nicht bauen beendet es nicht.\nGold|Jeder Händler erhält Gold nach der Zahl der Händler im Ort (Tabelle unten). Das meiste Gold gewinnt; bei Gleichstand mehr Reisetage in Reserve.\nZu zweit|Jeder setzt zwei Startplättchen, der zweite Spieler beginnt. Ein Händler je Ort, aber man darf durch einen Ort des anderen fahren (ohne Händler). Ende, wenn alle Orte besetzt sind; jeder zahlt seinen Höchstwert.",
        "it": "Preparazione|Posare il pezzo di partenza, poi gli altri cinque a caso; mescolare i 19 insediamenti sugli esagoni segnati e scoprirli. Ognuno posa una tessera di partenza su una pianura libera, ad almeno un esagono da ogni altra, e un segnalino su 0 giorni di viaggio.\nUn turno|Ricevere {days} giorni di viaggio (dopo il turno se ne tengono al massimo {reserve}, il resto è perso). Posare strade: pianura {plain}, foresta {forest}, collina {hill} giorni; la tessera deve corrispondere al terreno, una tessera per esagono, dritta o curva allo stesso prezzo. Una strada parte dalla propria tessera di partenza o da un insediamento raggiunto e deve raggiungere un nuovo insediamento nel turno; porvi un mercante. Mai due volte lo stesso insediamento; le strade si incrociano solo negli insediamenti. Si possono posare più strade, o nessuna.\nFine|La partita finisce quando un giocatore, nel suo turno, non può raggiungere alcun insediamento (ovunque a portata c'è già il suo mercante, non ha più mercanti o tessere adatte). Rinunciare a costruire non la fa finire.\nOro|Ogni mercante guadagna secondo il numero di mercanti presenti (tabella sotto). Vince chi ha più oro; a parità, più giorni di riserva.\nIn due|Ognuno posa due tessere di partenza, il secondo giocatore inizia. Un solo mercante per insediamento, ma si può attraversare un insediamento dell'altro (senza mercante). Fine quando tutti gli insediamenti sono occupati; ognuno vale il massimo.",
    },
    # What `trackwright score lastrada` prints.
    "ls_rep_title": {
        "en": "La Strada ({variant})",
        "fr": "La Strada ({variant})",
        "de": "La Strada ({variant})",
        "it": "La Strada ({variant})",
    },
    "ls_rep_standard": {"en": "standard", "fr": "standard", "de": "Standard", "it": "standard"},
    "ls_rep_two-player": {
        "en": "two players",
        "fr": "deux joueurs",
        "de": "zwei Spieler",
        "it": "due giocatori",
    },
    "ls_rep_settlement": {"en": "Settlement", "fr": "Localité", "de": "Ort", "it": "Insediamento"},
    "ls_rep_kind": {"en": "Kind", "fr": "Type", "de": "Art", "it": "Tipo"},
    "ls_rep_merchants": {"en": "Merchants", "fr": "Marchands", "de": "Händler", "it": "Mercanti"},
    "ls_rep_gold_each": {
        "en": "Gold each",
        "fr": "Or chacun",
        "de": "Gold je Händler",
        "it": "Oro a testa",
    },
    "ls_rep_player": {
        "en": "{player}: {gold} gold, {days} travel days in reserve",
        "fr": "{player} : {gold} or, {days} jours de voyage en réserve",
        "de": "{player}: {gold} Gold, {days} Reisetage in Reserve",
        "it": "{player}: {gold} oro, {days} giorni di viaggio di riserva",
    },
    "ls_rep_wins": {
        "en": "{names} wins.",
        "fr": "{names} gagne.",
        "de": "{names} gewinnt.",
        "it": "{names} vince.",
    },
    "ls_rep_win": {
        "en": "{names} win.",
        "fr": "{names} gagnent.",
        "de": "{names} gewinnen.",
        "it": "{names} vincono.",
    },
    "ls_rep_leads": {
        "en": "The game goes on; {names} leads.",
        "fr": "La partie continue ; {names} mène.",
        "de": "Das Spiel geht weiter; {names} führt.",
        "it": "La partita continua; {names} è in testa.",
    },
    "ls_rep_lead": {
        "en": "The game goes on; {names} lead.",
        "fr": "La partie continue ; {names} mènent.",
        "de": "Das Spiel geht weiter; {names} führen.",
        "it": "La partita continua; {names} sono in testa.",
    },
    "ls_rep_reach": {
        "en": "{player} has {days} travel days next turn:",
        "fr": "{player} aura {days} jours de voyage au prochain tour :",
        "de": "{player} hat im nächsten Zug {days} Reisetage:",
        "it": "{player} avrà {days} giorni di viaggio al prossimo turno:",
    },
    "ls_rep_no_merchant": {
        "en": "no settlement: {player} has no merchant left (on their turn the game ends)",
        "fr": "aucune localité : {player} n'a plus de marchand (à son tour, la partie se termine)",
        "de": "kein Ort: {player} hat keinen Händler mehr (in seinem Zug endet das Spiel)",
        "it": "nessun insediamento: {player} non ha più mercanti (al suo turno la partita finisce)",
    },
    "ls_rep_no_reach": {
        "en": "no settlement: {player} can reach no settlement any more (on their turn the game ends)",
        "fr": "aucune localité : {player} ne peut plus en atteindre aucune (à son tour, la partie se termine)",
        "de": "kein Ort: {player} erreicht keinen Ort mehr (in seinem Zug endet das Spiel)",
        "it": "nessun insediamento: {player} non può più raggiungerne alcuno (al suo turno la partita finisce)",
    },
    "ls_rep_days": {
        "en": "{days} days",
        "fr": "{days} jours",
        "de": "{days} Tage",
        "it": "{days} giorni",
    },
    "ls_rep_not_now": {
        "en": " (not this turn)",
        "fr": " (pas à ce tour)",
        "de": " (nicht in diesem Zug)",
        "it": " (non in questo turno)",
    },
}

t = i18n.translator(STRINGS)


def values(rules: LaStradaRules, lang: str) -> dict[str, object]:
    """The rule numbers the text prints, from the preset."""
    return {
        "days": rules.days_per_turn,
        "reserve": rules.max_reserve,
        "plain": rules.cost("plain"),
        "forest": rules.cost("forest"),
        "hill": rules.cost("hill"),
    }
