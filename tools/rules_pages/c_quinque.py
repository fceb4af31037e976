"""Quinque: rules page content (docs/rules/quinque.md; terms from the Italian BGA summary)."""

CONTENT = {}

CONTENT["en"] = {
    "credit": "<cite>Quinque – the 5 man formation</cite> by József Dorsonczky (Mind Fitness Games). 2 players.",
    "lead": "A game of skydivers. Mark skydivers with your parachutes and slide the tiles of the "
    "formation until <strong>five of your parachutes stand in a line</strong>.",
    "sections": [
        (
            "need",
            "What you need",
            """
<ul>
<li>2 players: <strong>Red</strong> (round marks ●) and <strong>Blue</strong> (square marks ■).</li>
<li>18 parachutes per player.</li>
<li>9 identical square <strong>tiles</strong>, each carrying 4 <strong>skydivers</strong> in a 2 × 2 square.</li>
</ul>
[[fig:q_tile]]
""",
        ),
        (
            "goal",
            "The goal",
            """
<p>Be the first with <strong>five of your parachutes in a line</strong>: in a row, a column or a
diagonal. The line may run from one tile into the next, also across tile corners. Longer lines
count too.</p>
[[fig:q_line]]
""",
        ),
        (
            "setup",
            "Setup",
            """
<p>All tiles start in the stack and both players have all their parachutes. Who begins is drawn at
random. The first player lays the first tile and marks one of its skydivers.</p>
""",
        ),
        (
            "turn",
            "A turn",
            """
<p>A turn has one or two actions:</p>
<ol>
<li><strong>First action (required):</strong> mark, add or move (see below).</li>
<li><strong>Second action (optional):</strong> move a tile, or end your turn. If no tile can move, the
turn ends by itself.</li>
</ol>
<p>Lines are checked after every single action, so a line made by the first action wins at once.</p>
""",
        ),
        (
            "actions",
            "The actions",
            """
<dl>
<dt>Mark</dt>
<dd>Put one of your parachutes on a free skydiver of a tile in play.</dd>
<dt>Add</dt>
<dd>Take a tile from the stack, lay it on a free place sharing an edge with a tile in play, and at
once mark one of its skydivers. So you need a parachute to add a tile. Tiles are never turned.</dd>
<dt>Move</dt>
<dd>Slide a tile in a straight line (along its row, its column or a diagonal) to any free place, as
far as you like, even over other tiles. Its parachutes travel with it. You may move instead of
marking even while you still have parachutes; once yours are used up, moving is all you can do.</dd>
</dl>
<p>A tile may <strong>not</strong> move if:</p>
<ul>
<li>it was marked or added during this turn (tiles marked in earlier turns, by either player, may move);</li>
<li>it has tiles on all four sides;</li>
<li>the move would break the formation: afterwards all tiles must still form one piece, joined edge
to edge (touching corners is not enough).</li>
</ul>
<p>The same tile may make both moves of a turn.</p>
[[fig:q_move]]
<h3>Advanced rules</h3>
<p>With the advanced option, chosen when the table is opened, the way a tile moves depends on how
many parachutes it carries, of either colour. This holds for both actions of a turn.</p>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Parachutes on the tile</th><th scope="col">The tile moves</th></tr></thead>
<tbody>
<tr><td>1</td><td>one step, to a neighbouring place in its row or column</td></tr>
<tr><td>2</td><td>to any free place in its row or column</td></tr>
<tr><td>3</td><td>to any free place on its diagonals</td></tr>
<tr><td>4</td><td>to any free place in its row, its column or its diagonals</td></tr>
</tbody></table></div>
<p>With 2, 3 or 4 parachutes the tile may pass over other tiles.</p>
""",
        ),
        (
            "end",
            "End of the game",
            """
<ul>
<li><strong>Five in a line:</strong> you win at once.</li>
<li><strong>Lines for both players</strong> after one move: the player who moved wins.</li>
<li><strong>A line only for your opponent</strong> (you moved a tile carrying their parachutes): your
opponent wins at once.</li>
<li><strong>Out of parachutes:</strong> when both players have used all their parachutes, the game is
a tie at the end of that turn; the optional move of that turn can still win it.</li>
<li><strong>Stuck:</strong> a player who can do nothing (no parachute left and no tile can move)
passes; if the next player is stuck too, the game is a tie.</li>
</ul>
<p>There are no points: a game is won, lost or tied.</p>
""",
        ),
        (
            "here",
            "How to play here",
            """
<ul>
<li><strong>Mark:</strong> click a free skydiver.</li>
<li><strong>Add:</strong> click a skydiver on one of the dashed places next to the formation.</li>
<li><strong>Move:</strong> drag a tile onto a highlighted place, or click the tile and then the place.</li>
<li>After your first action, move a tile or use the button that ends your turn.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Skydivers are named by coordinates <code>x,y</code> (x to the right, y downwards), places for
tiles by <code>Tx,y</code>; the first tile lies at <code>T0,0</code>.</p>
<ul>
<li><code>mark 3,-1</code>: a parachute on skydiver 3,-1</li>
<li><code>add T1,0 2,0</code>: a tile at T1,0, marking its skydiver 2,0</li>
<li><code>move T2,0 T1,1</code>: move the tile at T2,0 to T1,1</li>
<li><code>pass</code>: end the turn</li>
</ul>
""",
    "figs": {
        "q_tile": {
            "caption": "A tile: four skydivers. One carries a red parachute, one a blue one; two are free.",
            "aria": "A square tile with four skydivers in a 2 by 2 square. The top right one carries a "
            "red round parachute, the bottom right one a blue square parachute, the other two are free.",
            "red": "Red's parachute",
            "free": "free skydiver",
            "blue": "Blue's parachute",
            "tile": "a tile: 2 × 2 skydivers",
        },
        "q_line": {
            "caption": "Five red parachutes on a diagonal, across three tiles and two tile corners: Red wins.",
            "aria": "Five tiles in a staircase. Five red parachutes form a diagonal line from the top "
            "left tile to the bottom right tile, crossing tile corners. Some blue parachutes are elsewhere.",
        },
        "q_move": {
            "caption": "A move: the tile on the left slides along its row, over two tiles, to the free "
            "place on the right (✓); the formation stays in one piece. Moving it diagonally up to the "
            "left (✗) would cut it off from the others.",
            "aria": "Four tiles. The left tile slides along its row over two tiles to a free place at "
            "the right end, marked with a tick. A diagonal move up to the left is crossed out because "
            "the tile would no longer touch the formation.",
            "note": "✓ allowed   ✗ not allowed",
        },
    },
}

CONTENT["it"] = {
    "credit": "<cite>Quinque – the 5 man formation</cite> di József Dorsonczky (Mind Fitness Games). 2 giocatori.",
    "lead": "Un gioco di paracadutisti. Contrassegna i paracadutisti con i tuoi paracadute e sposta le "
    "tessere della formazione finché <strong>cinque dei tuoi paracadute sono allineati</strong>.",
    "sections": [
        (
            "need",
            "Cosa serve",
            """
<ul>
<li>2 giocatori: <strong>Rosso</strong> (segni rotondi ●) e <strong>Blu</strong> (segni quadrati ■).</li>
<li>18 paracadute per giocatore.</li>
<li>9 <strong>tessere</strong> quadrate identiche, ognuna con 4 <strong>paracadutisti</strong> disposti in un quadrato 2 × 2.</li>
</ul>
[[fig:q_tile]]
""",
        ),
        (
            "goal",
            "Lo scopo",
            """
<p>Essere il primo ad allineare <strong>cinque dei tuoi paracadute</strong>: in orizzontale, in
verticale o in diagonale. La linea può passare da una tessera all'altra, anche attraverso gli angoli
delle tessere. Valgono anche le linee più lunghe.</p>
[[fig:q_line]]
""",
        ),
        (
            "setup",
            "Preparazione",
            """
<p>Tutte le tessere partono dalla pila ed entrambi i giocatori hanno tutti i loro paracadute. Chi
comincia viene sorteggiato. Il primo giocatore posa la prima tessera e contrassegna uno dei suoi
paracadutisti.</p>
""",
        ),
        (
            "turn",
            "Il turno",
            """
<p>Al tuo turno esegui una o due azioni:</p>
<ol>
<li><strong>Prima azione (obbligatoria):</strong> contrassegnare, aggiungere o spostare (vedi sotto).</li>
<li><strong>Seconda azione (facoltativa):</strong> spostare una tessera, oppure finire il turno. Se nessuna
tessera può muoversi, il turno finisce da solo.</li>
</ol>
<p>Le linee si controllano dopo ogni singola azione: una linea fatta con la prima azione vince subito.</p>
""",
        ),
        (
            "actions",
            "Le azioni",
            """
<dl>
<dt>Contrassegnare</dt>
<dd>Metti uno dei tuoi paracadute su un paracadutista libero di una tessera in gioco.</dd>
<dt>Aggiungere</dt>
<dd>Prendi una tessera dalla pila, posala su un posto libero che abbia un lato in comune con una
tessera in gioco e contrassegna subito uno dei suoi paracadutisti. Per aggiungere serve quindi un
paracadute. Le tessere non si ruotano mai.</dd>
<dt>Spostare</dt>
<dd>Fai scorrere una tessera in linea retta (lungo la sua riga, la sua colonna o una diagonale) fino
a un qualsiasi posto libero, a qualunque distanza, anche passando sopra altre tessere. I paracadute
viaggiano con lei. Puoi spostare invece di contrassegnare anche se hai ancora paracadute; finiti i
tuoi, puoi solo spostare.</dd>
</dl>
<p>Una tessera <strong>non</strong> si può spostare se:</p>
<ul>
<li>l'hai contrassegnata o aggiunta in questo turno (le tessere contrassegnate nei turni precedenti,
da chiunque, si spostano liberamente);</li>
<li>è circondata da tessere su tutti e 4 i lati;</li>
<li>lo spostamento spezzerebbe la formazione: dopo il movimento tutte le tessere devono restare un
unico blocco, unite lato a lato (toccarsi negli angoli non basta).</li>
</ul>
<p>La stessa tessera può fare entrambi gli spostamenti di un turno.</p>
[[fig:q_move]]
<h3>Quinque avanzato</h3>
<p>Con l'opzione avanzata, scelta all'apertura del tavolo, il modo in cui una tessera si sposta
dipende dal numero di paracadute che porta, di qualsiasi colore. Vale per entrambe le azioni del
turno.</p>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Paracadute sulla tessera</th><th scope="col">La tessera si sposta</th></tr></thead>
<tbody>
<tr><td>1</td><td>di un passo, in un posto adiacente della sua riga o colonna</td></tr>
<tr><td>2</td><td>in qualsiasi posto libero della sua riga o colonna</td></tr>
<tr><td>3</td><td>in qualsiasi posto libero delle sue diagonali</td></tr>
<tr><td>4</td><td>in qualsiasi posto libero della sua riga, colonna o diagonale</td></tr>
</tbody></table></div>
<p>Con 2, 3 o 4 paracadute la tessera può passare sopra altre tessere.</p>
""",
        ),
        (
            "end",
            "Fine della partita",
            """
<ul>
<li><strong>Cinque in linea:</strong> vinci subito.</li>
<li><strong>Linee per entrambi</strong> dopo uno spostamento: vince il giocatore attivo.</li>
<li><strong>Una linea solo per l'avversario</strong> (hai spostato una tessera con i suoi paracadute):
vince subito l'avversario.</li>
<li><strong>Paracadute finiti:</strong> quando entrambi i giocatori hanno usato tutti i paracadute, la
partita finisce in parità alla fine di quel turno; lo spostamento facoltativo di quel turno può
ancora vincere.</li>
<li><strong>Bloccato:</strong> chi non può fare nulla (niente paracadute e nessuna tessera spostabile)
passa; se anche il giocatore successivo è bloccato, la partita è pari.</li>
</ul>
<p>Non ci sono punti: una partita si vince, si perde o si pareggia.</p>
""",
        ),
        (
            "here",
            "Come si gioca qui",
            """
<ul>
<li><strong>Contrassegnare:</strong> fai clic su un paracadutista libero.</li>
<li><strong>Aggiungere:</strong> fai clic su un paracadutista in uno dei posti tratteggiati accanto alla formazione.</li>
<li><strong>Spostare:</strong> trascina una tessera su un posto evidenziato, oppure fai clic sulla tessera e poi sul posto.</li>
<li>Dopo la prima azione, sposta una tessera o usa il pulsante che termina il turno.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>I paracadutisti si indicano con le coordinate <code>x,y</code> (x verso destra, y verso il basso),
i posti delle tessere con <code>Tx,y</code>; la prima tessera sta in <code>T0,0</code>.</p>
<ul>
<li><code>mark 3,-1</code>: un paracadute sul paracadutista 3,-1</li>
<li><code>add T1,0 2,0</code>: una tessera in T1,0, contrassegnando il suo paracadutista 2,0</li>
<li><code>move T2,0 T1,1</code>: sposta la tessera da T2,0 a T1,1</li>
<li><code>pass</code>: fine del turno</li>
</ul>
""",
    "figs": {
        "q_tile": {
            "caption": "Una tessera: quattro paracadutisti. Uno porta un paracadute rosso, uno un paracadute blu; due sono liberi.",
            "aria": "Una tessera quadrata con quattro paracadutisti in un quadrato 2 per 2. Quello in alto "
            "a destra porta un paracadute rosso rotondo, quello in basso a destra un paracadute blu "
            "quadrato, gli altri due sono liberi.",
            "red": "paracadute Rosso",
            "free": "paracadutista libero",
            "blue": "paracadute Blu",
            "tile": "una tessera: 2 × 2 paracadutisti",
        },
        "q_line": {
            "caption": "Cinque paracadute rossi in diagonale, su tre tessere e attraverso due angoli: vince Rosso.",
            "aria": "Cinque tessere a scala. Cinque paracadute rossi formano una diagonale dalla tessera in "
            "alto a sinistra a quella in basso a destra, attraverso gli angoli delle tessere. Alcuni "
            "paracadute blu sono altrove.",
        },
        "q_move": {
            "caption": "Uno spostamento: la tessera a sinistra scorre lungo la sua riga, sopra due tessere, fino al "
            "posto libero a destra (✓); la formazione resta unita. Spostarla in diagonale in alto a "
            "sinistra (✗) la staccherebbe dalle altre.",
            "aria": "Quattro tessere. La tessera di sinistra scorre lungo la sua riga sopra due tessere fino a "
            "un posto libero all'estremità destra, segnato con un segno di spunta. Uno spostamento in "
            "diagonale in alto a sinistra è barrato perché la tessera non toccherebbe più la formazione.",
            "note": "✓ permesso   ✗ non permesso",
        },
    },
}

CONTENT["de"] = {
    "credit": "<cite>Quinque – the 5 man formation</cite> von József Dorsonczky (Mind Fitness Games). 2 Personen.",
    "lead": "Ein Spiel mit Fallschirmspringern. Markiere Fallschirmspringer mit deinen Fallschirmen "
    "und verschiebe die Plättchen der Formation, bis <strong>fünf deiner Fallschirme in einer Linie "
    "stehen</strong>.",
    "sections": [
        (
            "need",
            "Was ihr braucht",
            """
<ul>
<li>2 Personen: <strong>Rot</strong> (runde Marken ●) und <strong>Blau</strong> (eckige Marken ■).</li>
<li>18 Fallschirme pro Person.</li>
<li>9 gleiche quadratische <strong>Plättchen</strong> mit je 4 <strong>Fallschirmspringern</strong> in einem 2 × 2-Quadrat.</li>
</ul>
[[fig:q_tile]]
""",
        ),
        (
            "goal",
            "Ziel des Spiels",
            """
<p>Als Erste oder Erster <strong>fünf eigene Fallschirme in eine Linie</strong> bringen: waagerecht,
senkrecht oder diagonal. Die Linie darf von einem Plättchen ins nächste laufen, auch über die Ecken
der Plättchen hinweg. Längere Linien zählen ebenfalls.</p>
[[fig:q_line]]
""",
        ),
        (
            "setup",
            "Spielaufbau",
            """
<p>Alle Plättchen liegen im Stapel, beide haben alle Fallschirme. Wer beginnt, wird ausgelost. Die
Startperson legt das erste Plättchen und markiert einen seiner Fallschirmspringer.</p>
""",
        ),
        (
            "turn",
            "Ein Zug",
            """
<p>Ein Zug besteht aus einer oder zwei Aktionen:</p>
<ol>
<li><strong>Erste Aktion (Pflicht):</strong> markieren, anlegen oder verschieben (siehe unten).</li>
<li><strong>Zweite Aktion (freiwillig):</strong> ein Plättchen verschieben oder den Zug beenden. Kann sich
kein Plättchen bewegen, endet der Zug von selbst.</li>
</ol>
<p>Linien werden nach jeder einzelnen Aktion geprüft: Eine Linie aus der ersten Aktion gewinnt sofort.</p>
""",
        ),
        (
            "actions",
            "Die Aktionen",
            """
<dl>
<dt>Markieren</dt>
<dd>Setze einen deiner Fallschirme auf einen freien Fallschirmspringer eines Plättchens im Spiel.</dd>
<dt>Anlegen</dt>
<dd>Nimm ein Plättchen vom Stapel, lege es auf einen freien Platz, der eine Kante mit einem Plättchen
im Spiel teilt, und markiere sofort einen seiner Fallschirmspringer. Zum Anlegen brauchst du also
einen Fallschirm. Plättchen werden nie gedreht.</dd>
<dt>Verschieben</dt>
<dd>Schiebe ein Plättchen in gerader Linie (entlang seiner Reihe, seiner Spalte oder einer Diagonale)
auf einen beliebigen freien Platz, beliebig weit, auch über andere Plättchen hinweg. Seine Fallschirme
reisen mit. Du darfst verschieben statt markieren, auch wenn du noch Fallschirme hast; sind deine
aufgebraucht, bleibt dir nur das Verschieben.</dd>
</dl>
<p>Ein Plättchen darf <strong>nicht</strong> verschoben werden, wenn:</p>
<ul>
<li>es in diesem Zug markiert oder angelegt wurde (in früheren Zügen markierte Plättchen, von wem auch
immer, dürfen sich bewegen);</li>
<li>es an allen vier Seiten von Plättchen umgeben ist;</li>
<li>der Zug die Formation zerreißen würde: Danach müssen alle Plättchen ein einziges Stück bilden,
Kante an Kante verbunden (Ecken allein genügen nicht).</li>
</ul>
<p>Dasselbe Plättchen darf beide Verschiebungen eines Zuges machen.</p>
[[fig:q_move]]
<h3>Fortgeschrittene Regeln</h3>
<p>Mit der fortgeschrittenen Option, die beim Eröffnen des Tisches gewählt wird, hängt die Bewegung
eines Plättchens davon ab, wie viele Fallschirme es trägt, gleich welcher Farbe. Das gilt für beide
Aktionen eines Zuges.</p>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Fallschirme auf dem Plättchen</th><th scope="col">Das Plättchen bewegt sich</th></tr></thead>
<tbody>
<tr><td>1</td><td>einen Schritt, auf einen Nachbarplatz in seiner Reihe oder Spalte</td></tr>
<tr><td>2</td><td>auf einen beliebigen freien Platz in seiner Reihe oder Spalte</td></tr>
<tr><td>3</td><td>auf einen beliebigen freien Platz auf seinen Diagonalen</td></tr>
<tr><td>4</td><td>auf einen beliebigen freien Platz in Reihe, Spalte oder Diagonale</td></tr>
</tbody></table></div>
<p>Mit 2, 3 oder 4 Fallschirmen darf das Plättchen über andere Plättchen hinweggehen.</p>
""",
        ),
        (
            "end",
            "Spielende",
            """
<ul>
<li><strong>Fünf in einer Linie:</strong> du gewinnst sofort.</li>
<li><strong>Linien für beide</strong> nach einer Verschiebung: Wer gezogen hat, gewinnt.</li>
<li><strong>Eine Linie nur für den Gegner</strong> (du hast ein Plättchen mit seinen Fallschirmen
verschoben): Der Gegner gewinnt sofort.</li>
<li><strong>Keine Fallschirme mehr:</strong> Haben beide alle Fallschirme eingesetzt, endet die Partie am
Ende dieses Zuges unentschieden; die freiwillige Verschiebung dieses Zuges kann noch gewinnen.</li>
<li><strong>Blockiert:</strong> Wer nichts tun kann (kein Fallschirm, kein bewegliches Plättchen), passt;
ist auch die nächste Person blockiert, endet die Partie unentschieden.</li>
</ul>
<p>Es gibt keine Punkte: Eine Partie wird gewonnen, verloren oder endet unentschieden.</p>
""",
        ),
        (
            "here",
            "So spielt ihr hier",
            """
<ul>
<li><strong>Markieren:</strong> Klicke auf einen freien Fallschirmspringer.</li>
<li><strong>Anlegen:</strong> Klicke auf einen Fallschirmspringer auf einem der gestrichelten Plätze neben der Formation.</li>
<li><strong>Verschieben:</strong> Ziehe ein Plättchen auf einen hervorgehobenen Platz, oder klicke erst das Plättchen und dann den Platz an.</li>
<li>Nach der ersten Aktion verschiebe ein Plättchen oder beende den Zug mit der Schaltfläche dafür.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Fallschirmspringer heißen nach ihren Koordinaten <code>x,y</code> (x nach rechts, y nach unten),
Plätze für Plättchen <code>Tx,y</code>; das erste Plättchen liegt auf <code>T0,0</code>.</p>
<ul>
<li><code>mark 3,-1</code>: ein Fallschirm auf Fallschirmspringer 3,-1</li>
<li><code>add T1,0 2,0</code>: ein Plättchen auf T1,0, sein Fallschirmspringer 2,0 wird markiert</li>
<li><code>move T2,0 T1,1</code>: das Plättchen von T2,0 nach T1,1 verschieben</li>
<li><code>pass</code>: den Zug beenden</li>
</ul>
""",
    "figs": {
        "q_tile": {
            "caption": "Ein Plättchen: vier Fallschirmspringer. Einer trägt einen roten Fallschirm, einer einen blauen; zwei sind frei.",
            "aria": "Ein quadratisches Plättchen mit vier Fallschirmspringern in einem 2-mal-2-Quadrat. Der "
            "obere rechte trägt einen roten runden Fallschirm, der untere rechte einen blauen eckigen, die "
            "anderen beiden sind frei.",
            "red": "Fallschirm von Rot",
            "free": "freier Fallschirmspringer",
            "blue": "Fallschirm von Blau",
            "tile": "ein Plättchen: 2 × 2 Fallschirmspringer",
        },
        "q_line": {
            "caption": "Fünf rote Fallschirme auf einer Diagonale, über drei Plättchen und zwei Ecken hinweg: Rot gewinnt.",
            "aria": "Fünf Plättchen als Treppe. Fünf rote Fallschirme bilden eine Diagonale vom oberen linken "
            "zum unteren rechten Plättchen, über die Ecken der Plättchen hinweg. Einige blaue Fallschirme "
            "stehen woanders.",
        },
        "q_move": {
            "caption": "Eine Verschiebung: Das linke Plättchen gleitet entlang seiner Reihe über zwei Plättchen "
            "auf den freien Platz rechts (✓); die Formation bleibt ein Stück. Diagonal nach links oben "
            "(✗) wäre es von den anderen getrennt.",
            "aria": "Vier Plättchen. Das linke Plättchen gleitet entlang seiner Reihe über zwei Plättchen auf "
            "einen freien Platz am rechten Ende, mit Haken markiert. Eine Verschiebung diagonal nach links "
            "oben ist durchgestrichen, weil das Plättchen die Formation nicht mehr berühren würde.",
            "note": "✓ erlaubt   ✗ nicht erlaubt",
        },
    },
}

CONTENT["fr"] = {
    "credit": "<cite>Quinque – the 5 man formation</cite> de József Dorsonczky (Mind Fitness Games). 2 joueurs.",
    "lead": "Un jeu de parachutistes. Marquez des parachutistes avec vos parachutes et faites glisser "
    "les tuiles de la formation jusqu'à ce que <strong>cinq de vos parachutes soient alignés</strong>.",
    "sections": [
        (
            "need",
            "Matériel",
            """
<ul>
<li>2 joueurs : <strong>Rouge</strong> (marques rondes ●) et <strong>Bleu</strong> (marques carrées ■).</li>
<li>18 parachutes par joueur.</li>
<li>9 <strong>tuiles</strong> carrées identiques, portant chacune 4 <strong>parachutistes</strong> en carré 2 × 2.</li>
</ul>
[[fig:q_tile]]
""",
        ),
        (
            "goal",
            "But du jeu",
            """
<p>Être le premier à <strong>aligner cinq de vos parachutes</strong> : en ligne, en colonne ou en
diagonale. L'alignement peut passer d'une tuile à l'autre, y compris par les coins des tuiles. Les
alignements plus longs comptent aussi.</p>
[[fig:q_line]]
""",
        ),
        (
            "setup",
            "Mise en place",
            """
<p>Toutes les tuiles sont dans la pile et chaque joueur a tous ses parachutes. Le premier joueur est
tiré au sort. Il pose la première tuile et marque l'un de ses parachutistes.</p>
""",
        ),
        (
            "turn",
            "Déroulement d'un tour",
            """
<p>Un tour compte une ou deux actions :</p>
<ol>
<li><strong>Première action (obligatoire) :</strong> marquer, ajouter ou déplacer (voir plus bas).</li>
<li><strong>Seconde action (facultative) :</strong> déplacer une tuile, ou finir son tour. Si aucune tuile
ne peut bouger, le tour se termine tout seul.</li>
</ol>
<p>Les alignements sont vérifiés après chaque action : un alignement obtenu par la première action
gagne aussitôt.</p>
""",
        ),
        (
            "actions",
            "Les actions",
            """
<dl>
<dt>Marquer</dt>
<dd>Posez un de vos parachutes sur un parachutiste libre d'une tuile en jeu.</dd>
<dt>Ajouter</dt>
<dd>Prenez une tuile de la pile, posez-la sur une place libre qui partage un côté avec une tuile en
jeu, et marquez aussitôt l'un de ses parachutistes. Il faut donc un parachute pour ajouter une tuile.
Les tuiles ne sont jamais tournées.</dd>
<dt>Déplacer</dt>
<dd>Faites glisser une tuile en ligne droite (le long de sa rangée, de sa colonne ou d'une diagonale)
jusqu'à une place libre quelconque, aussi loin que vous voulez, même par-dessus d'autres tuiles. Ses
parachutes voyagent avec elle. Vous pouvez déplacer au lieu de marquer même s'il vous reste des
parachutes ; une fois les vôtres épuisés, vous ne pouvez plus que déplacer.</dd>
</dl>
<p>Une tuile ne peut <strong>pas</strong> être déplacée si :</p>
<ul>
<li>elle a été marquée ou ajoutée pendant ce tour (les tuiles marquées lors des tours précédents, par
l'un ou l'autre joueur, peuvent bouger) ;</li>
<li>elle est entourée de tuiles sur ses quatre côtés ;</li>
<li>le déplacement casserait la formation : après le mouvement, toutes les tuiles doivent former un
seul bloc, reliées côté à côté (se toucher par un coin ne suffit pas).</li>
</ul>
<p>La même tuile peut faire les deux déplacements d'un tour.</p>
[[fig:q_move]]
<h3>Règles avancées</h3>
<p>Avec l'option avancée, choisie à l'ouverture de la table, la façon dont une tuile se déplace
dépend du nombre de parachutes qu'elle porte, de n'importe quelle couleur. Cela vaut pour les deux
actions du tour.</p>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Parachutes sur la tuile</th><th scope="col">La tuile se déplace</th></tr></thead>
<tbody>
<tr><td>1</td><td>d'un pas, vers une place voisine de sa rangée ou de sa colonne</td></tr>
<tr><td>2</td><td>vers n'importe quelle place libre de sa rangée ou de sa colonne</td></tr>
<tr><td>3</td><td>vers n'importe quelle place libre de ses diagonales</td></tr>
<tr><td>4</td><td>vers n'importe quelle place libre de sa rangée, de sa colonne ou de ses diagonales</td></tr>
</tbody></table></div>
<p>Avec 2, 3 ou 4 parachutes, la tuile peut passer par-dessus d'autres tuiles.</p>
""",
        ),
        (
            "end",
            "Fin de la partie",
            """
<ul>
<li><strong>Cinq alignés :</strong> vous gagnez aussitôt.</li>
<li><strong>Alignements pour les deux joueurs</strong> après un déplacement : le joueur actif gagne.</li>
<li><strong>Un alignement seulement pour l'adversaire</strong> (vous avez déplacé une tuile portant ses
parachutes) : l'adversaire gagne aussitôt.</li>
<li><strong>Plus de parachutes :</strong> quand les deux joueurs ont posé tous leurs parachutes, la
partie est nulle à la fin de ce tour ; le déplacement facultatif de ce tour peut encore la gagner.</li>
<li><strong>Bloqué :</strong> un joueur qui ne peut rien faire (plus de parachute, aucune tuile
déplaçable) passe ; si le joueur suivant est bloqué lui aussi, la partie est nulle.</li>
</ul>
<p>Il n'y a pas de points : une partie est gagnée, perdue ou nulle.</p>
""",
        ),
        (
            "here",
            "Jouer ici",
            """
<ul>
<li><strong>Marquer :</strong> cliquez sur un parachutiste libre.</li>
<li><strong>Ajouter :</strong> cliquez sur un parachutiste d'une des places en pointillés à côté de la formation.</li>
<li><strong>Déplacer :</strong> faites glisser une tuile sur une place en surbrillance, ou cliquez sur la tuile puis sur la place.</li>
<li>Après la première action, déplacez une tuile ou utilisez le bouton qui termine le tour.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Les parachutistes sont désignés par leurs coordonnées <code>x,y</code> (x vers la droite, y vers le
bas), les places des tuiles par <code>Tx,y</code> ; la première tuile est en <code>T0,0</code>.</p>
<ul>
<li><code>mark 3,-1</code> : un parachute sur le parachutiste 3,-1</li>
<li><code>add T1,0 2,0</code> : une tuile en T1,0, en marquant son parachutiste 2,0</li>
<li><code>move T2,0 T1,1</code> : déplacer la tuile de T2,0 en T1,1</li>
<li><code>pass</code> : finir le tour</li>
</ul>
""",
    "figs": {
        "q_tile": {
            "caption": "Une tuile : quatre parachutistes. L'un porte un parachute rouge, un autre un parachute bleu ; deux sont libres.",
            "aria": "Une tuile carrée avec quatre parachutistes en carré 2 sur 2. Celui en haut à droite porte "
            "un parachute rouge rond, celui en bas à droite un parachute bleu carré, les deux autres sont libres.",
            "red": "parachute de Rouge",
            "free": "parachutiste libre",
            "blue": "parachute de Bleu",
            "tile": "une tuile : 2 × 2 parachutistes",
        },
        "q_line": {
            "caption": "Cinq parachutes rouges en diagonale, sur trois tuiles et par deux coins : Rouge gagne.",
            "aria": "Cinq tuiles en escalier. Cinq parachutes rouges forment une diagonale de la tuile en haut "
            "à gauche à celle en bas à droite, en passant par les coins des tuiles. Quelques parachutes "
            "bleus sont ailleurs.",
        },
        "q_move": {
            "caption": "Un déplacement : la tuile de gauche glisse le long de sa rangée, par-dessus deux tuiles, "
            "jusqu'à la place libre à droite (✓) ; la formation reste d'un seul bloc. En diagonale vers "
            "le haut à gauche (✗), elle serait coupée des autres.",
            "aria": "Quatre tuiles. La tuile de gauche glisse le long de sa rangée par-dessus deux tuiles "
            "jusqu'à une place libre à l'extrémité droite, marquée d'une coche. Un déplacement en diagonale "
            "vers le haut à gauche est barré car la tuile ne toucherait plus la formation.",
            "note": "✓ permis   ✗ interdit",
        },
    },
}

CONTENT["es"] = {
    "credit": "<cite>Quinque – the 5 man formation</cite> de József Dorsonczky (Mind Fitness Games). 2 jugadores.",
    "lead": "Un juego de paracaidistas. Marca paracaidistas con tus paracaídas y desliza las losetas "
    "de la formación hasta que <strong>cinco de tus paracaídas queden en línea</strong>.",
    "sections": [
        (
            "need",
            "Qué se necesita",
            """
<ul>
<li>2 jugadores: <strong>Rojo</strong> (marcas redondas ●) y <strong>Azul</strong> (marcas cuadradas ■).</li>
<li>18 paracaídas por jugador.</li>
<li>9 <strong>losetas</strong> cuadradas idénticas, cada una con 4 <strong>paracaidistas</strong> en un cuadrado de 2 × 2.</li>
</ul>
[[fig:q_tile]]
""",
        ),
        (
            "goal",
            "El objetivo",
            """
<p>Ser el primero en tener <strong>cinco de tus paracaídas en línea</strong>: en horizontal, en
vertical o en diagonal. La línea puede pasar de una loseta a otra, también por las esquinas de las
losetas. Las líneas más largas también cuentan.</p>
[[fig:q_line]]
""",
        ),
        (
            "setup",
            "Preparación",
            """
<p>Todas las losetas empiezan en la pila y cada jugador tiene todos sus paracaídas. Quién empieza se
sortea. El primer jugador coloca la primera loseta y marca uno de sus paracaidistas.</p>
""",
        ),
        (
            "turn",
            "Un turno",
            """
<p>Un turno tiene una o dos acciones:</p>
<ol>
<li><strong>Primera acción (obligatoria):</strong> marcar, añadir o mover (ver abajo).</li>
<li><strong>Segunda acción (opcional):</strong> mover una loseta, o terminar el turno. Si ninguna loseta
puede moverse, el turno termina solo.</li>
</ol>
<p>Las líneas se comprueban después de cada acción: una línea hecha con la primera acción gana al
instante.</p>
""",
        ),
        (
            "actions",
            "Las acciones",
            """
<dl>
<dt>Marcar</dt>
<dd>Pon uno de tus paracaídas en un paracaidista libre de una loseta en juego.</dd>
<dt>Añadir</dt>
<dd>Toma una loseta de la pila, colócala en un sitio libre que comparta un lado con una loseta en
juego y marca enseguida uno de sus paracaidistas. Por eso hace falta un paracaídas para añadir una
loseta. Las losetas nunca se giran.</dd>
<dt>Mover</dt>
<dd>Desliza una loseta en línea recta (a lo largo de su fila, su columna o una diagonal) hasta
cualquier sitio libre, tan lejos como quieras, incluso por encima de otras losetas. Sus paracaídas
viajan con ella. Puedes mover en lugar de marcar aunque te queden paracaídas; cuando se te acaban,
solo puedes mover.</dd>
</dl>
<p>Una loseta <strong>no</strong> puede moverse si:</p>
<ul>
<li>se marcó o se añadió en este turno (las losetas marcadas en turnos anteriores, por cualquier
jugador, sí pueden moverse);</li>
<li>tiene losetas en sus cuatro lados;</li>
<li>el movimiento rompería la formación: después, todas las losetas deben formar una sola pieza,
unidas lado con lado (tocarse por una esquina no basta).</li>
</ul>
<p>La misma loseta puede hacer los dos movimientos de un turno.</p>
[[fig:q_move]]
<h3>Reglas avanzadas</h3>
<p>Con la opción avanzada, elegida al abrir la mesa, la forma en que se mueve una loseta depende de
cuántos paracaídas lleva, de cualquier color. Vale para las dos acciones del turno.</p>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Paracaídas en la loseta</th><th scope="col">La loseta se mueve</th></tr></thead>
<tbody>
<tr><td>1</td><td>un paso, a un sitio vecino de su fila o columna</td></tr>
<tr><td>2</td><td>a cualquier sitio libre de su fila o columna</td></tr>
<tr><td>3</td><td>a cualquier sitio libre de sus diagonales</td></tr>
<tr><td>4</td><td>a cualquier sitio libre de su fila, su columna o sus diagonales</td></tr>
</tbody></table></div>
<p>Con 2, 3 o 4 paracaídas la loseta puede pasar por encima de otras losetas.</p>
""",
        ),
        (
            "end",
            "Fin de la partida",
            """
<ul>
<li><strong>Cinco en línea:</strong> ganas al instante.</li>
<li><strong>Líneas para ambos</strong> tras un movimiento: gana el jugador que movió.</li>
<li><strong>Una línea solo para el rival</strong> (moviste una loseta con sus paracaídas): el rival gana
al instante.</li>
<li><strong>Sin paracaídas:</strong> cuando ambos jugadores han usado todos sus paracaídas, la partida
termina en empate al final de ese turno; el movimiento opcional de ese turno aún puede ganarla.</li>
<li><strong>Bloqueado:</strong> quien no puede hacer nada (sin paracaídas y sin losetas que mover)
pasa; si el siguiente jugador también está bloqueado, la partida es empate.</li>
</ul>
<p>No hay puntos: una partida se gana, se pierde o se empata.</p>
""",
        ),
        (
            "here",
            "Cómo se juega aquí",
            """
<ul>
<li><strong>Marcar:</strong> haz clic en un paracaidista libre.</li>
<li><strong>Añadir:</strong> haz clic en un paracaidista de uno de los sitios discontinuos junto a la formación.</li>
<li><strong>Mover:</strong> arrastra una loseta a un sitio resaltado, o haz clic en la loseta y luego en el sitio.</li>
<li>Tras la primera acción, mueve una loseta o usa el botón que termina el turno.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Los paracaidistas se nombran por sus coordenadas <code>x,y</code> (x hacia la derecha, y hacia
abajo) y los sitios de las losetas por <code>Tx,y</code>; la primera loseta está en <code>T0,0</code>.</p>
<ul>
<li><code>mark 3,-1</code>: un paracaídas en el paracaidista 3,-1</li>
<li><code>add T1,0 2,0</code>: una loseta en T1,0, marcando su paracaidista 2,0</li>
<li><code>move T2,0 T1,1</code>: mover la loseta de T2,0 a T1,1</li>
<li><code>pass</code>: terminar el turno</li>
</ul>
""",
    "figs": {
        "q_tile": {
            "caption": "Una loseta: cuatro paracaidistas. Uno lleva un paracaídas rojo, otro uno azul; dos están libres.",
            "aria": "Una loseta cuadrada con cuatro paracaidistas en un cuadrado de 2 por 2. El de arriba a la "
            "derecha lleva un paracaídas rojo redondo, el de abajo a la derecha uno azul cuadrado, los "
            "otros dos están libres.",
            "red": "paracaídas de Rojo",
            "free": "paracaidista libre",
            "blue": "paracaídas de Azul",
            "tile": "una loseta: 2 × 2 paracaidistas",
        },
        "q_line": {
            "caption": "Cinco paracaídas rojos en diagonal, sobre tres losetas y por dos esquinas: gana Rojo.",
            "aria": "Cinco losetas en escalera. Cinco paracaídas rojos forman una diagonal desde la loseta de "
            "arriba a la izquierda hasta la de abajo a la derecha, pasando por las esquinas de las losetas. "
            "Hay algunos paracaídas azules en otros sitios.",
        },
        "q_move": {
            "caption": "Un movimiento: la loseta de la izquierda se desliza por su fila, por encima de dos "
            "losetas, hasta el sitio libre de la derecha (✓); la formación sigue unida. En diagonal hacia "
            "arriba a la izquierda (✗) quedaría separada de las demás.",
            "aria": "Cuatro losetas. La loseta de la izquierda se desliza por su fila por encima de dos "
            "losetas hasta un sitio libre en el extremo derecho, marcado con una señal de correcto. Un "
            "movimiento en diagonal hacia arriba a la izquierda está tachado porque la loseta ya no tocaría "
            "la formación.",
            "note": "✓ permitido   ✗ no permitido",
        },
    },
}
