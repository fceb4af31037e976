"""Connect 5: rules page content (docs/rules/connect5.md; terms from the five-language rulebook)."""

CONTENT = {}

CONTENT["en"] = {
    "credit": "<cite>Connect © – Think. Move. Connect.</cite> Concept and game design: Giacomo "
    "Borghese; "
    "published by Back2Brain. 2 to 5 players.",
    "lead": "On a board that looks like a printed circuit, place, stack, move and eat tokens. You "
    "score "
    "1 point for each token you eat and 5 points for a <strong>Connect 5</strong>: five of your "
    "tokens on five adjacent dots.",
    "note": """
<p><strong>Our boards.</strong> The printed boards (side B, Basic, and side A, Advanced) could not \
be
recovered. Connect Arena plays on a Basic and an Advanced board of its own design, made in the same
spirit; they are not the publisher's boards. The rules are the same on both.</p>
""",
    "sections": [
        (
            "need",
            "What you need",
            """
<ul>
<li>2 to 5 players. Colours and shapes: Red ●, Blue ■, Purple ▲, Yellow ◆, Green ★.</li>
<li>25 tokens per player for each round.</li>
<li>A board: the Basic board (B) by default, or the Advanced board (A), chosen when the table is \
opened.</li>
</ul>
<h3>The circuit</h3>
<ul>
<li>Tokens stand only on dots. A dot is <strong>single</strong> (a plain black dot) or
<strong>circled</strong> (a black dot with a ring).</li>
<li>Two dots are <strong>adjacent</strong> when a line joins them with no other dot in between.</li>
<li>Where two lines <strong>cross</strong> without a dot you must go straight on: no turning \
there. At a
<strong>“T” connection</strong> you may turn right or left. Where a line bends, you follow it.</li>
<li>One token on a dot is a <strong>single</strong>; two of your tokens stacked are a
<strong>double</strong>. A double can stand only on a circled dot.</li>
</ul>
[[fig:c5_circuit]]
""",
        ),
        (
            "goal",
            "The goal",
            """
<p>Have the most points at the end. You score:</p>
<ul>
<li><strong>1 point</strong> for each opponent's token you eat (a double is two tokens);</li>
<li><strong>5 points</strong> for a <strong>Connect 5</strong>: five of your tokens on five \
different
dots, each adjacent to the next along the circuit. A double counts as one dot. The chain may turn at
a dot or at a “T” without a dot, but never at a crossing without a dot, and it may not run along the
same stretch of line twice.</li>
</ul>
[[fig:c5_five]]
""",
        ),
        (
            "setup",
            "Start of a round",
            """
<p>The board is empty and everyone has 25 tokens. Who begins is drawn at random; play then goes \
round
the table in seat order. In your first turn of the round you place a token on any free dot.</p>
""",
        ),
        (
            "turn",
            "A turn",
            """
<p>On your turn you make exactly <strong>one</strong> of the moves below. You may pass only when no
move is possible. When your supply is empty you can no longer place or stack, but you go on playing
with your tokens on the board.</p>
""",
        ),
        (
            "actions",
            "The moves",
            """
<dl>
<dt>Place</dt>
<dd>Put a token from your supply on any empty dot, single or circled.</dd>
<dt>Stack</dt>
<dd>Put a token from your supply on top of one of your singles standing on a circled dot: it becomes
a double.</dd>
<dt>Move</dt>
<dd>Move one of your singles or doubles to an adjacent free dot. A double moves only between \
adjacent
circled dots.</dd>
<dt>Split (unstack)</dt>
<dd>Move the top token of your double to an adjacent free dot, single or circled; the other token
stays.</dd>
<dt>Eat</dt>
<dd>Jump over an adjacent opponent's token, following the line (straight on where lines cross or \
meet in a
“T”), onto the free dot just beyond it.
The eaten token leaves the round and gives you its points. In the same move the same token may go on
jumping (multiple eating), changing direction if you like and stopping whenever you like, but it may
not use the same stretch of line twice or jump over the same dot twice. Eating is never \
compulsory.</dd>
<dt>Sandwich (our name)</dt>
<dd>When an opponent's single stands between two circled dots in line, each holding one of your \
tokens,
and the far one is a single, your near token (the top one, if it is a double) jumps over it onto \
your
far single: the opponent's token is eaten and you now have a double there. It is not possible when
the middle token is a double, nor onto a double.</dd>
</dl>
<h3>Singles and doubles when eating</h3>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Eater</th><th scope="col">Eaten</th><th \
scope="col">Allowed?</th></tr></thead>
<tbody>
<tr><td>single</td><td>single</td><td>yes, onto any free dot</td></tr>
<tr><td>single</td><td>double</td><td>no</td></tr>
<tr><td>double</td><td>single</td><td>yes; onto a free circled dot it lands as a double; onto a \
single dot
the double splits: the top token jumps and goes on alone, the other stays behind</td></tr>
<tr><td>double</td><td>double</td><td>only onto a free circled dot; both tokens are eaten (2 \
points)</td></tr>
</tbody></table></div>
[[fig:c5_jump]]
[[fig:c5_sandwich]]
""",
        ),
        (
            "end",
            "End of a round and scoring",
            """
<ul>
<li><strong>Connect 5:</strong> when your move completes a Connect 5 (checked once the whole move is
done), you score 5 points and the round ends at once. Tokens eaten in that move count too.</li>
<li><strong>No Connect 5:</strong> the round also ends when nobody can place or move any more, or \
when
the scores can no longer change (at most one player still has tokens, and fewer than five). A table
can also be set to end the round as soon as nobody can make a Connect 5 any more.</li>
</ul>
<h3>Game modes</h3>
<ul>
<li><strong>Quick game</strong> (default): one round. The player with the most points wins, who is \
not
necessarily the one who made the Connect 5.</li>
<li><strong>Full game</strong>: as many rounds as players, each player beginning one round in \
turn. The
board is cleared and the supplies refilled between rounds; points add up.</li>
</ul>
<p>Players tied for the most points share the victory.</p>
""",
        ),
        (
            "here",
            "How to play here",
            """
<ul>
<li>To place, click a highlighted free dot; to stack, click your single on a circled dot.</li>
<li>To move, split, eat or sandwich, click your token, then a highlighted destination. Multiple \
eating
is one single move.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Dots are named like the squares of a chess board: a letter for the column and a number for the
row, <code>a1</code> at the bottom left.</p>
<ul>
<li><code>place c3</code>, <code>stack c3</code></li>
<li><code>step b2 b4</code> (move), <code>split b2 c2</code></li>
<li><code>jump c4 over d4 to e4 over e5 to e6</code> (eat twice)</li>
<li><code>sandwich c4 over d4 to e4</code>, <code>pass</code></li>
</ul>
""",
    "figs": {
        "c5_circuit": {
            "caption": "A piece of circuit: single and circled dots, a red double and a red "
            "single, a "
            "blue single, a crossing without a dot, a “T” without a dot and a bend.",
            "aria": "A piece of circuit. A horizontal line carries single dots and circled dots; "
            "on it "
            "stand a red double on a circled dot, a red single and a blue single. A vertical line "
            "crosses "
            "it without a dot, where you must go straight on, and ends lower down in a T "
            "connection "
            "without a dot, where you may turn. At the bottom left the line bends.",
            "single_dot": "single dot",
            "circled_dot": "circled dot",
            "double": "double",
            "single": "single",
            "crossing": "crossing, no dot: straight on",
            "t": "“T”, no dot: you may turn",
            "bend": "bend: follow the line",
        },
        "c5_jump": {
            "caption": "Eating: Red jumps over a blue token to the free dot beyond, then over a "
            "second one, "
            "in a single move: 2 points.",
            "aria": "A straight line of six dots. A red token jumps over a blue token to the free "
            "dot "
            "beyond, then over a second blue token to the next free dot. Each eaten token is worth "
            "one point.",
        },
        "c5_five": {
            "caption": "Left: a Connect 5 that turns at a dot. Right: five red tokens that turn at "
            "a crossing "
            "without a dot: not a Connect 5.",
            "aria": "Left: five red tokens along a line that bends at a dot, marked as a valid "
            "Connect 5. "
            "Right: five red tokens, three on a horizontal line and two on a vertical line, "
            "meeting at a "
            "crossing without a dot, marked as not valid.",
            "ok": "Connect 5",
            "bad": "not a Connect 5",
        },
    },
}

CONTENT["it"] = {
    "credit": "<cite>Connect © – Think. Move. Connect.</cite> Ideazione e game design: Giacomo "
    "Borghese; "
    "edito da Back2Brain. Da 2 a 5 giocatori.",
    "lead": "Su un tabellone che ricorda un circuito stampato, aggiungi, sovrapponi, sposta e "
    "mangia "
    "pedine. Ottieni 1 punto per ogni pedina mangiata e 5 punti per un <strong>Connect 5</strong>: "
    "cinque tue pedine su cinque punti adiacenti.",
    "note": """
<p><strong>I nostri tabelloni.</strong> I tabelloni stampati (lato B, Base, e lato A, Avanzato) non
sono stati recuperati. Connect Arena usa un tabellone Base e uno Avanzato progettati dal progetto, \
nello
stesso spirito; non sono quelli dell'editore. Le regole sono le stesse su entrambi.</p>
""",
    "sections": [
        (
            "need",
            "Cosa serve",
            """
<ul>
<li>Da 2 a 5 giocatori. Colori e forme: Rosso ●, Blu ■, Viola ▲, Giallo ◆, Verde ★.</li>
<li>25 pedine per giocatore a ogni round.</li>
<li>Un tabellone: il tabellone Base (B) di norma, oppure quello Avanzato (A), scelto all'apertura \
del tavolo.</li>
</ul>
<h3>Il circuito</h3>
<ul>
<li>Le pedine stanno solo sui punti. Un punto è un <strong>pallino nero singolo</strong> oppure un
<strong>pallino cerchiato</strong>.</li>
<li>Due punti sono <strong>adiacenti</strong> quando una linea li unisce senza altri punti in \
mezzo.</li>
<li>Dove due linee si <strong>incrociano</strong> senza un punto si prosegue dritti: lì non si può
svoltare. Nelle <strong>connessioni a “T”</strong> si può svoltare a destra o a sinistra. Dove una \
linea
curva, la si segue.</li>
<li>Una pedina su un punto è una <strong>pedina singola</strong>; due tue pedine sovrapposte \
formano una
<strong>pedina doppia</strong>. Una doppia può stare solo su un punto cerchiato.</li>
</ul>
[[fig:c5_circuit]]
""",
        ),
        (
            "goal",
            "Lo scopo",
            """
<p>Avere più punti alla fine. Si guadagnano:</p>
<ul>
<li><strong>1 punto</strong> per ogni pedina avversaria mangiata (una doppia vale due pedine);</li>
<li><strong>5 punti</strong> per un <strong>Connect 5</strong>: cinque tue pedine su cinque punti
diversi, ciascuno adiacente al successivo lungo il circuito. Una doppia conta come un punto. La \
catena
può svoltare su un punto o su una “T” senza punto, ma mai a un incrocio privo di punto, e non può
percorrere due volte lo stesso tratto di linea.</li>
</ul>
[[fig:c5_five]]
""",
        ),
        (
            "setup",
            "Inizio del round",
            """
<p>Il tabellone è vuoto e ognuno ha 25 pedine. Chi comincia viene sorteggiato; poi si gioca a turno
in senso orario, nell'ordine dei posti. Nel tuo primo turno del round posizioni una pedina su un
qualunque punto libero.</p>
""",
        ),
        (
            "turn",
            "Il turno",
            """
<p>Al tuo turno esegui esattamente <strong>una</strong> delle mosse qui sotto. Puoi passare solo se
nessuna mossa è possibile. Quando la tua riserva è vuota non puoi più aggiungere né sovrapporre, ma
continui a giocare con le pedine sul tabellone.</p>
""",
        ),
        (
            "actions",
            "Le mosse",
            """
<dl>
<dt>Aggiungere</dt>
<dd>Metti una pedina della tua riserva su un qualunque punto libero, singolo o cerchiato.</dd>
<dt>Mettere sopra</dt>
<dd>Metti una pedina della tua riserva sopra una tua pedina singola che si trova su un punto
cerchiato: diventa una doppia.</dd>
<dt>Spostare</dt>
<dd>Sposta una tua pedina singola o doppia su un punto adiacente libero. Una doppia si sposta solo \
tra
punti cerchiati adiacenti.</dd>
<dt>Dividere</dt>
<dd>Sposta la pedina superiore della tua doppia su un punto adiacente libero, singolo o cerchiato;
l'altra resta dov'è.</dd>
<dt>Mangiare</dt>
<dd>Scavalca una pedina avversaria adiacente seguendo la linea (dritto dove le linee si incrociano \
o formano
una “T”), fino al punto libero subito dopo.
La pedina mangiata lascia il round e ti dà i suoi punti. Nella stessa mossa la stessa pedina può
continuare a saltare (mangiate multiple), cambiando direzione se vuoi e fermandosi quando vuoi, ma
senza ripercorrere un tratto di linea né scavalcare due volte lo stesso punto. Mangiare non è mai
obbligatorio.</dd>
<dt>Sandwich (nome nostro)</dt>
<dd>Quando una pedina singola avversaria si trova tra due punti cerchiati in linea, ciascuno con una
tua pedina, e quella più lontana è singola, la tua pedina vicina (quella superiore, se è una doppia)
la scavalca e atterra sulla tua singola: la pedina avversaria è mangiata e lì ora hai una doppia. \
Non
è possibile se la pedina centrale è doppia, né verso una doppia.</dd>
</dl>
<h3>Singole e doppie quando si mangia</h3>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Chi mangia</th><th scope="col">Chi viene mangiato</th><th \
scope="col">Permesso?</th></tr></thead>
<tbody>
<tr><td>singola</td><td>singola</td><td>sì, su qualunque punto libero</td></tr>
<tr><td>singola</td><td>doppia</td><td>no</td></tr>
<tr><td>doppia</td><td>singola</td><td>sì; su un punto cerchiato libero atterra come doppia; su un \
punto
singolo la doppia si divide: la pedina superiore salta e prosegue da sola, l'altra resta \
indietro</td></tr>
<tr><td>doppia</td><td>doppia</td><td>solo su un punto cerchiato libero; sono mangiate entrambe le \
pedine
(2 punti)</td></tr>
</tbody></table></div>
[[fig:c5_jump]]
[[fig:c5_sandwich]]
""",
        ),
        (
            "end",
            "Fine del round e punteggio",
            """
<ul>
<li><strong>Connect 5:</strong> quando la tua mossa completa un Connect 5 (controllato a mossa
conclusa), ottieni 5 punti e il round termina subito. Contano anche le pedine mangiate in quella
mossa.</li>
<li><strong>Senza Connect 5:</strong> il round termina anche quando nessuno può più aggiungere o
spostare, oppure quando i punteggi non possono più cambiare (al massimo un giocatore ha ancora
pedine, e meno di cinque). Un tavolo può anche essere impostato per chiudere il round appena nessuno
può più fare Connect 5.</li>
</ul>
<h3>Modalità di gioco</h3>
<ul>
<li><strong>Partita rapida</strong> (predefinita): un solo round. Vince chi ha più punti, che non è
necessariamente chi ha fatto Connect 5.</li>
<li><strong>Partita a round</strong>: tanti round quanti i giocatori; ognuno inizia un round a \
turno.
Tra un round e l'altro il tabellone si svuota e le riserve si riempiono; i punti si sommano.</li>
</ul>
<p>I giocatori a pari merito con più punti si dividono la vittoria.</p>
""",
        ),
        (
            "here",
            "Come si gioca qui",
            """
<ul>
<li>Per aggiungere, fai clic su un punto libero evidenziato; per mettere sopra, fai clic sulla tua
singola su un punto cerchiato.</li>
<li>Per spostare, dividere, mangiare o fare sandwich, fai clic sulla tua pedina e poi su una
destinazione evidenziata. Le mangiate multiple sono un'unica mossa.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>I punti si chiamano come le case della scacchiera: una lettera per la colonna e un numero per la
riga, <code>a1</code> in basso a sinistra.</p>
<ul>
<li><code>place c3</code> (aggiungere), <code>stack c3</code> (mettere sopra)</li>
<li><code>step b2 b4</code> (spostare), <code>split b2 c2</code> (dividere)</li>
<li><code>jump c4 over d4 to e4 over e5 to e6</code> (mangiare due volte)</li>
<li><code>sandwich c4 over d4 to e4</code>, <code>pass</code></li>
</ul>
""",
    "figs": {
        "c5_circuit": {
            "caption": "Un pezzo di circuito: punti singoli e cerchiati, una doppia e una singola "
            "rosse, una "
            "singola blu, un incrocio senza punto, una “T” senza punto e una curva.",
            "aria": "Un pezzo di circuito. Una linea orizzontale ha punti singoli e cerchiati; "
            "sopra ci sono "
            "una doppia rossa su un punto cerchiato, una singola rossa e una singola blu. Una "
            "linea "
            "verticale la incrocia senza punto, dove si deve proseguire dritti, e più in basso "
            "termina in "
            "una connessione a T senza punto, dove si può svoltare. In basso a sinistra la linea "
            "curva.",
            "single_dot": "punto singolo",
            "circled_dot": "punto cerchiato",
            "double": "doppia",
            "single": "singola",
            "crossing": "incrocio senza punto: dritto",
            "t": "“T” senza punto: si può svoltare",
            "bend": "curva: si segue la linea",
        },
        "c5_jump": {
            "caption": "Mangiare: Rosso scavalca una pedina blu fino al punto libero dopo, poi una "
            "seconda, in "
            "un'unica mossa: 2 punti.",
            "aria": "Una linea dritta di sei punti. Una pedina rossa scavalca una pedina blu fino "
            "al punto "
            "libero successivo, poi una seconda pedina blu fino al punto libero seguente. Ogni "
            "pedina "
            "mangiata vale un punto.",
        },
        "c5_five": {
            "caption": "A sinistra: un Connect 5 che svolta su un punto. A destra: cinque pedine "
            "rosse che "
            "svoltano a un incrocio senza punto: non è un Connect 5.",
            "aria": "A sinistra: cinque pedine rosse lungo una linea che curva su un punto, "
            "segnato come "
            "Connect 5 valido. A destra: cinque pedine rosse, tre su una linea orizzontale e due "
            "su una "
            "verticale, che si incontrano a un incrocio senza punto, segnato come non valido.",
            "ok": "Connect 5",
            "bad": "non è un Connect 5",
        },
    },
}

CONTENT["de"] = {
    "credit": "<cite>Connect © – Think. Move. Connect.</cite> Konzept und Spieldesign: Giacomo "
    "Borghese; "
    "Verlag: Back2Brain. 2 bis 5 Personen.",
    "lead": "Auf einem Spielbrett, das wie eine Leiterplatte aussieht, werden Figuren hinzugefügt, "
    "abgelegt, bewegt und gegessen. Es gibt 1 Punkt für jede gegessene Figur und 5 Punkte für ein "
    "<strong>Connect 5</strong>: fünf eigene Figuren auf fünf benachbarten Punkten.",
    "note": """
<p><strong>Unsere Spielbretter.</strong> Die gedruckten Spielbretter (Seite B, Basis, und Seite A,
erweitert) ließen sich nicht beschaffen. Connect Arena spielt auf einem Basis- und einem erweiterten
Brett eigenen Entwurfs, im selben Geist gestaltet; es sind nicht die Bretter des Verlags. Die Regeln
sind auf beiden gleich.</p>
""",
    "sections": [
        (
            "need",
            "Was ihr braucht",
            """
<ul>
<li>2 bis 5 Personen. Farben und Formen: Rot ●, Blau ■, Violett ▲, Gelb ◆, Grün ★.</li>
<li>25 Figuren pro Person und Runde.</li>
<li>Ein Spielbrett: standardmäßig das Basisbrett (B), sonst das erweiterte Brett (A), gewählt beim
Eröffnen des Tisches.</li>
</ul>
<h3>Die Strecke</h3>
<ul>
<li>Figuren stehen nur auf Punkten. Ein Punkt ist ein <strong>einzelner schwarzer Punkt</strong> \
oder
ein <strong>eingekreister Punkt</strong>.</li>
<li>Zwei Punkte sind <strong>benachbart</strong>, wenn eine Linie sie ohne weiteren Punkt dazwischen
verbindet.</li>
<li>Wo sich zwei Linien ohne Punkt <strong>kreuzen</strong>, geht es geradeaus weiter: Dort darf \
nicht
abgebogen werden. An einer <strong>„T“-Verbindung</strong> darf nach rechts oder links abgebogen
werden. Macht eine Linie einen Knick, folgt man ihr.</li>
<li>Eine Figur auf einem Punkt ist eine <strong>Einzelfigur</strong>; zwei eigene Figuren \
übereinander
sind eine <strong>Doppelfigur</strong>. Eine Doppelfigur kann nur auf einem eingekreisten Punkt \
stehen.</li>
</ul>
[[fig:c5_circuit]]
""",
        ),
        (
            "goal",
            "Ziel des Spiels",
            """
<p>Am Ende die meisten Punkte haben. Punkte gibt es:</p>
<ul>
<li><strong>1 Punkt</strong> für jede gegessene gegnerische Figur (eine Doppelfigur sind zwei \
Figuren);</li>
<li><strong>5 Punkte</strong> für ein <strong>Connect 5</strong>: fünf eigene Figuren auf fünf
verschiedenen Punkten, jeder entlang der Strecke benachbart zum nächsten. Eine Doppelfigur zählt als
ein Punkt. Die Kette darf an einem Punkt oder an einem „T“ ohne Punkt abbiegen, aber nie an einer
Kreuzung ohne Punkt, und sie darf kein Linienstück zweimal benutzen.</li>
</ul>
[[fig:c5_five]]
""",
        ),
        (
            "setup",
            "Beginn einer Runde",
            """
<p>Das Brett ist leer, alle haben 25 Figuren. Wer beginnt, wird ausgelost; dann geht es reihum im
Uhrzeigersinn in Sitzreihenfolge. In deinem ersten Zug der Runde setzt du eine Figur auf einen
beliebigen freien Punkt.</p>
""",
        ),
        (
            "turn",
            "Ein Zug",
            """
<p>In deinem Zug führst du genau <strong>einen</strong> der folgenden Züge aus. Passen darfst du \
nur,
wenn kein Zug möglich ist. Ist dein Vorrat leer, kannst du nicht mehr hinzufügen oder ablegen, \
spielst
aber mit deinen Figuren auf dem Brett weiter.</p>
""",
        ),
        (
            "actions",
            "Die Züge",
            """
<dl>
<dt>Hinzufügen</dt>
<dd>Setze eine Figur aus deinem Vorrat auf einen beliebigen leeren Punkt, einzeln oder \
eingekreist.</dd>
<dt>Ablegen</dt>
<dd>Lege eine Figur aus deinem Vorrat auf eine deiner Einzelfiguren, die auf einem eingekreisten \
Punkt
steht: Sie wird zur Doppelfigur.</dd>
<dt>Bewegen</dt>
<dd>Bewege eine deiner Einzel- oder Doppelfiguren auf einen benachbarten freien Punkt. Eine
Doppelfigur bewegt sich nur zwischen benachbarten eingekreisten Punkten.</dd>
<dt>Teilen</dt>
<dd>Bewege die obere Figur deiner Doppelfigur auf einen benachbarten freien Punkt, einzeln oder
eingekreist; die andere bleibt stehen.</dd>
<dt>Essen</dt>
<dd>Springe über eine benachbarte gegnerische Figur entlang der Linie (geradeaus, wo Linien sich \
kreuzen oder
ein „T“ bilden) auf den freien Punkt direkt dahinter. Die gegessene Figur verlässt die Runde und \
bringt dir ihre Punkte. Im selben Zug darf
dieselbe Figur weiterspringen (mehrfaches Essen), auch mit Richtungswechsel und mit Halt, wann du
willst; sie darf aber kein Linienstück zweimal benutzen und keinen Punkt zweimal überspringen. Essen
ist nie Pflicht.</dd>
<dt>Sandwich (unser Name)</dt>
<dd>Steht eine gegnerische Einzelfigur zwischen zwei eingekreisten Punkten in einer Linie, auf \
denen je
eine deiner Figuren steht, und ist die entferntere eine Einzelfigur, dann springt deine nahe Figur \
(die
obere, falls es eine Doppelfigur ist) über sie auf deine entfernte Einzelfigur: Die gegnerische \
Figur
ist gegessen, und dort steht jetzt deine Doppelfigur. Nicht möglich, wenn die mittlere Figur doppelt
ist, und nicht auf eine Doppelfigur.</dd>
</dl>
<h3>Einzel- und Doppelfiguren beim Essen</h3>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Wer isst</th><th scope="col">Wer gegessen wird</th><th \
scope="col">Erlaubt?</th></tr></thead>
<tbody>
<tr><td>Einzelfigur</td><td>Einzelfigur</td><td>ja, auf jeden freien Punkt</td></tr>
<tr><td>Einzelfigur</td><td>Doppelfigur</td><td>nein</td></tr>
<tr><td>Doppelfigur</td><td>Einzelfigur</td><td>ja; auf einem freien eingekreisten Punkt landet \
sie als
Doppelfigur; auf einem einzelnen Punkt wird sie geteilt: Die obere Figur springt und macht allein
weiter, die andere bleibt zurück</td></tr>
<tr><td>Doppelfigur</td><td>Doppelfigur</td><td>nur auf einen freien eingekreisten Punkt; beide \
Figuren
sind gegessen (2 Punkte)</td></tr>
</tbody></table></div>
[[fig:c5_jump]]
[[fig:c5_sandwich]]
""",
        ),
        (
            "end",
            "Rundenende und Wertung",
            """
<ul>
<li><strong>Connect 5:</strong> Vervollständigt dein Zug ein Connect 5 (geprüft, wenn der ganze Zug
fertig ist), bekommst du 5 Punkte und die Runde endet sofort. In diesem Zug gegessene Figuren zählen
mit.</li>
<li><strong>Ohne Connect 5:</strong> Die Runde endet auch, wenn niemand mehr hinzufügen oder bewegen
kann, oder wenn sich die Punkte nicht mehr ändern können (höchstens eine Person hat noch Figuren, \
und
weniger als fünf). Ein Tisch kann auch so eingestellt werden, dass die Runde endet, sobald niemand \
mehr
ein Connect 5 schaffen kann.</li>
</ul>
<h3>Spielmodi</h3>
<ul>
<li><strong>Schnelles Spiel</strong> (Standard): eine Runde. Wer die meisten Punkte hat, gewinnt; \
das
muss nicht die Person mit dem Connect 5 sein.</li>
<li><strong>Rundenmatch</strong>: so viele Runden wie Personen; jede beginnt reihum eine Runde. \
Zwischen
den Runden wird das Brett geleert und der Vorrat aufgefüllt; die Punkte werden addiert.</li>
</ul>
<p>Bei Gleichstand an der Spitze wird der Sieg geteilt.</p>
""",
        ),
        (
            "here",
            "So spielt ihr hier",
            """
<ul>
<li>Zum Hinzufügen klicke auf einen hervorgehobenen freien Punkt; zum Ablegen auf deine \
Einzelfigur auf
einem eingekreisten Punkt.</li>
<li>Zum Bewegen, Teilen, Essen oder für ein Sandwich klicke deine Figur an und dann ein \
hervorgehobenes
Ziel. Mehrfaches Essen ist ein einziger Zug.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Punkte heißen wie die Felder eines Schachbretts: ein Buchstabe für die Spalte und eine Zahl für \
die
Reihe, <code>a1</code> unten links.</p>
<ul>
<li><code>place c3</code> (hinzufügen), <code>stack c3</code> (ablegen)</li>
<li><code>step b2 b4</code> (bewegen), <code>split b2 c2</code> (teilen)</li>
<li><code>jump c4 over d4 to e4 over e5 to e6</code> (zweimal essen)</li>
<li><code>sandwich c4 over d4 to e4</code>, <code>pass</code></li>
</ul>
""",
    "figs": {
        "c5_circuit": {
            "caption": "Ein Stück Strecke: einzelne und eingekreiste Punkte, eine rote Doppel- und "
            "eine rote "
            "Einzelfigur, eine blaue Einzelfigur, eine Kreuzung ohne Punkt, ein „T“ ohne Punkt und "
            "ein Knick.",
            "aria": "Ein Stück Strecke. Auf einer waagerechten Linie liegen einzelne und "
            "eingekreiste Punkte; "
            "darauf stehen eine rote Doppelfigur auf einem eingekreisten Punkt, eine rote und eine "
            "blaue "
            "Einzelfigur. Eine senkrechte Linie kreuzt sie ohne Punkt, dort geht es geradeaus, und "
            "endet "
            "weiter unten in einer T-Verbindung ohne Punkt, wo man abbiegen darf. Unten links "
            "macht die "
            "Linie einen Knick.",
            "single_dot": "einzelner Punkt",
            "circled_dot": "eingekreister Punkt",
            "double": "Doppelfigur",
            "single": "Einzelfigur",
            "crossing": "Kreuzung ohne Punkt: geradeaus",
            "t": "„T“ ohne Punkt: abbiegen erlaubt",
            "bend": "Knick: der Linie folgen",
        },
        "c5_jump": {
            "caption": "Essen: Rot springt über eine blaue Figur auf den freien Punkt dahinter, "
            "dann über eine "
            "zweite, in einem einzigen Zug: 2 Punkte.",
            "aria": "Eine gerade Linie mit sechs Punkten. Eine rote Figur springt über eine blaue "
            "Figur auf den "
            "freien Punkt dahinter, dann über eine zweite blaue Figur auf den nächsten freien "
            "Punkt. Jede "
            "gegessene Figur zählt einen Punkt.",
        },
        "c5_five": {
            "caption": "Links: ein Connect 5, das an einem Punkt abbiegt. Rechts: fünf rote "
            "Figuren, die an "
            "einer Kreuzung ohne Punkt abbiegen: kein Connect 5.",
            "aria": "Links: fünf rote Figuren entlang einer Linie mit Knick an einem Punkt, als "
            "gültiges "
            "Connect 5 markiert. Rechts: fünf rote Figuren, drei auf einer waagerechten und zwei "
            "auf einer "
            "senkrechten Linie, die sich an einer Kreuzung ohne Punkt treffen, als ungültig "
            "markiert.",
            "ok": "Connect 5",
            "bad": "kein Connect 5",
        },
    },
}

CONTENT["fr"] = {
    "credit": "<cite>Connect © – Think. Move. Connect.</cite> Concept et conception : Giacomo "
    "Borghese ; "
    "édité par Back2Brain. De 2 à 5 joueurs.",
    "lead": "Sur un plateau qui ressemble à un circuit imprimé, placez, empilez, déplacez et "
    "mangez des "
    "pions. Vous marquez 1 point par pion mangé et 5 points pour un <strong>Connect 5</strong> : "
    "cinq "
    "de vos pions sur cinq points voisins.",
    "note": """
<p><strong>Nos plateaux.</strong> Les plateaux imprimés (face B, Base, et face A, Expérimenté) \
n'ont pas
pu être retrouvés. Connect Arena joue sur un plateau Base et un plateau Expérimenté conçus par le
projet, dans le même esprit ; ce ne sont pas ceux de l'éditeur. Les règles sont les mêmes sur les
deux.</p>
""",
    "sections": [
        (
            "need",
            "Matériel",
            """
<ul>
<li>De 2 à 5 joueurs. Couleurs et formes : Rouge ●, Bleu ■, Violet ▲, Jaune ◆, Vert ★.</li>
<li>25 pions par joueur à chaque manche.</li>
<li>Un plateau : le plateau Base (B) par défaut, ou le plateau Expérimenté (A), choisi à l'ouverture
de la table.</li>
</ul>
<h3>Le circuit</h3>
<ul>
<li>Les pions se posent uniquement sur des points. Un point est soit un <strong>point \
simple</strong>
(un point noir), soit un <strong>point entouré d'un cercle</strong>.</li>
<li>Deux points sont <strong>voisins</strong> quand une ligne les relie sans autre point entre \
eux.</li>
<li>Là où deux lignes se <strong>croisent</strong> sans point, on continue tout droit : impossible \
d'y
tourner. Aux <strong>embranchements en forme de «&nbsp;T&nbsp;»</strong>, on peut tourner à droite \
ou à
gauche. Quand une ligne fait un coude, on la suit.</li>
<li>Un pion seul sur un point est un <strong>pion simple</strong> ; deux de vos pions empilés \
forment un
<strong>double pion</strong>. Un double pion ne peut se trouver que sur un point entouré d'un \
cercle.</li>
</ul>
[[fig:c5_circuit]]
""",
        ),
        (
            "goal",
            "But du jeu",
            """
<p>Avoir le plus de points à la fin. On marque :</p>
<ul>
<li><strong>1 point</strong> par pion adverse mangé (un double pion compte pour deux pions) ;</li>
<li><strong>5 points</strong> pour un <strong>Connect 5</strong> : cinq de vos pions sur cinq points
différents, chacun voisin du suivant le long du circuit. Un double pion compte pour un point. La
chaîne peut tourner sur un point ou sur un «&nbsp;T&nbsp;» sans point, mais jamais à un carrefour \
sans
point, et elle ne peut pas emprunter deux fois le même tronçon de ligne.</li>
</ul>
[[fig:c5_five]]
""",
        ),
        (
            "setup",
            "Début d'une manche",
            """
<p>Le plateau est vide et chacun a 25 pions. Le premier joueur est tiré au sort ; on joue ensuite à
tour de rôle dans le sens des aiguilles d'une montre, dans l'ordre des places. À votre premier tour
de la manche, vous placez un pion sur n'importe quel point libre.</p>
""",
        ),
        (
            "turn",
            "Déroulement d'un tour",
            """
<p>À votre tour, vous effectuez exactement <strong>un</strong> des déplacements ci-dessous. Vous ne
pouvez passer que si aucun n'est possible. Quand votre réserve est vide, vous ne pouvez plus placer
ni empiler, mais vous continuez à jouer avec vos pions sur le plateau.</p>
""",
        ),
        (
            "actions",
            "Les déplacements",
            """
<dl>
<dt>Placer</dt>
<dd>Posez un pion de votre réserve sur n'importe quel point vide, simple ou entouré d'un \
cercle.</dd>
<dt>Empiler</dt>
<dd>Posez un pion de votre réserve sur l'un de vos pions simples situé sur un point entouré d'un
cercle : il devient un double pion.</dd>
<dt>Déplacer</dt>
<dd>Déplacez l'un de vos pions simples ou doubles vers un point voisin libre. Un double pion ne se
déplace qu'entre points voisins entourés d'un cercle.</dd>
<dt>Séparer</dt>
<dd>Déplacez le pion du dessus de votre double pion vers un point voisin libre, simple ou entouré \
d'un
cercle ; l'autre reste sur place.</dd>
<dt>Manger</dt>
<dd>Sautez par-dessus un pion adverse voisin en suivant la ligne (tout droit là où des lignes se \
croisent ou
forment un «&nbsp;T&nbsp;»), jusqu'au point libre juste derrière. Le pion mangé quitte la manche \
et vous rapporte ses points. Dans le même déplacement,
le même pion peut continuer à sauter (prises multiples), en changeant de direction si vous voulez et
en s'arrêtant quand vous voulez, sans emprunter deux fois le même tronçon de ligne ni sauter deux
fois par-dessus le même point. Manger n'est jamais obligatoire.</dd>
<dt>Sandwich (notre nom)</dt>
<dd>Quand un pion simple adverse se trouve entre deux points entourés d'un cercle, alignés, portant
chacun l'un de vos pions, et que le plus éloigné est simple, votre pion proche (celui du dessus, si
c'est un double) saute par-dessus et se pose sur votre pion simple éloigné : le pion adverse est \
mangé
et vous avez là un double pion. Impossible si le pion du milieu est double, ou vers un double \
pion.</dd>
</dl>
<h3>Pions simples et doubles quand on mange</h3>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Le mangeur</th><th scope="col">Le pion mangé</th><th scope="col">Permis \
?</th></tr></thead>
<tbody>
<tr><td>simple</td><td>simple</td><td>oui, vers n'importe quel point libre</td></tr>
<tr><td>simple</td><td>double</td><td>non</td></tr>
<tr><td>double</td><td>simple</td><td>oui ; sur un point entouré d'un cercle libre, il arrive en \
double ;
sur un point simple, le double se sépare : le pion du dessus saute et continue seul, l'autre reste \
en
arrière</td></tr>
<tr><td>double</td><td>double</td><td>seulement vers un point entouré d'un cercle libre ; les deux \
pions
sont mangés (2 points)</td></tr>
</tbody></table></div>
[[fig:c5_jump]]
[[fig:c5_sandwich]]
""",
        ),
        (
            "end",
            "Fin de manche et score",
            """
<ul>
<li><strong>Connect 5 :</strong> quand votre déplacement complète un Connect 5 (vérifié une fois le
déplacement entier terminé), vous marquez 5 points et la manche s'arrête aussitôt. Les pions mangés
pendant ce déplacement comptent aussi.</li>
<li><strong>Sans Connect 5 :</strong> la manche se termine aussi quand plus personne ne peut \
placer ni
déplacer, ou quand les scores ne peuvent plus changer (un joueur au plus a encore des pions, et \
moins
de cinq). Une table peut aussi être réglée pour finir la manche dès que plus personne ne peut \
faire de
Connect 5.</li>
</ul>
<h3>Façons de jouer</h3>
<ul>
<li><strong>Partie rapide</strong> (par défaut) : une seule manche. Le joueur qui a le plus de \
points
gagne ; ce n'est pas forcément celui qui a fait le Connect 5.</li>
<li><strong>Partie en plusieurs manches</strong> : autant de manches que de joueurs, chacun \
commençant
une manche à son tour. Entre deux manches, le plateau est vidé et les réserves remplies ; les points
s'additionnent.</li>
</ul>
<p>Les joueurs à égalité en tête se partagent la victoire.</p>
""",
        ),
        (
            "here",
            "Jouer ici",
            """
<ul>
<li>Pour placer, cliquez sur un point libre en surbrillance ; pour empiler, sur votre pion simple \
posé
sur un point entouré d'un cercle.</li>
<li>Pour déplacer, séparer, manger ou faire un sandwich, cliquez sur votre pion, puis sur une
destination en surbrillance. Des prises multiples forment un seul déplacement.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Les points sont nommés comme les cases d'un échiquier : une lettre pour la colonne et un chiffre
pour la rangée, <code>a1</code> en bas à gauche.</p>
<ul>
<li><code>place c3</code> (placer), <code>stack c3</code> (empiler)</li>
<li><code>step b2 b4</code> (déplacer), <code>split b2 c2</code> (séparer)</li>
<li><code>jump c4 over d4 to e4 over e5 to e6</code> (manger deux fois)</li>
<li><code>sandwich c4 over d4 to e4</code>, <code>pass</code></li>
</ul>
""",
    "figs": {
        "c5_circuit": {
            "caption": "Un morceau de circuit : points simples et entourés d'un cercle, un double "
            "pion et un "
            "pion simple rouges, un pion simple bleu, un carrefour sans point, un «&nbsp;T&nbsp;» "
            "sans point et "
            "un coude.",
            "aria": "Un morceau de circuit. Une ligne horizontale porte des points simples et des "
            "points "
            "entourés d'un cercle ; dessus se trouvent un double pion rouge sur un point entouré, "
            "un pion "
            "simple rouge et un pion simple bleu. Une ligne verticale la croise sans point, où "
            "l'on doit "
            "aller tout droit, et se termine plus bas par un embranchement en T sans point, où "
            "l'on peut "
            "tourner. En bas à gauche, la ligne fait un coude.",
            "single_dot": "point simple",
            "circled_dot": "point entouré",
            "double": "double pion",
            "single": "pion simple",
            "crossing": "carrefour sans point : tout droit",
            "t": "« T » sans point : on peut tourner",
            "bend": "coude : suivre la ligne",
        },
        "c5_jump": {
            "caption": "Manger : Rouge saute par-dessus un pion bleu jusqu'au point libre suivant, "
            "puis par-dessus "
            "un second, en un seul déplacement : 2 points.",
            "aria": "Une ligne droite de six points. Un pion rouge saute par-dessus un pion bleu "
            "jusqu'au point "
            "libre suivant, puis par-dessus un second pion bleu jusqu'au point libre d'après. "
            "Chaque pion "
            "mangé vaut un point.",
        },
        "c5_five": {
            "caption": "À gauche : un Connect 5 qui tourne sur un point. À droite : cinq pions "
            "rouges qui "
            "tournent à un carrefour sans point : ce n'est pas un Connect 5.",
            "aria": "À gauche : cinq pions rouges le long d'une ligne qui fait un coude sur un "
            "point, marqué "
            "comme Connect 5 valable. À droite : cinq pions rouges, trois sur une ligne "
            "horizontale et deux "
            "sur une verticale, qui se rejoignent à un carrefour sans point, marqué comme non "
            "valable.",
            "ok": "Connect 5",
            "bad": "pas un Connect 5",
        },
    },
}

CONTENT["es"] = {
    "credit": "<cite>Connect © – Think. Move. Connect.</cite> Concepto y diseño: Giacomo Borghese; "
    "editado por Back2Brain. De 2 a 5 jugadores.",
    "lead": "En un tablero que parece un circuito impreso, agrega, apila, mueve y come piezas. "
    "Ganas 1 "
    "punto por cada pieza que comes y 5 puntos por un <strong>Connect 5</strong>: cinco de tus "
    "piezas "
    "en cinco puntos adyacentes.",
    "note": """
<p><strong>Nuestros tableros.</strong> No se pudieron recuperar los tableros impresos (lado B, \
Base, y
lado A, Avanzado). Connect Arena juega en un tablero Base y uno Avanzado diseñados por el proyecto \
con
el mismo espíritu; no son los de la editorial. Las reglas son las mismas en ambos.</p>
""",
    "sections": [
        (
            "need",
            "Qué se necesita",
            """
<ul>
<li>De 2 a 5 jugadores. Colores y formas: Rojo ●, Azul ■, Violeta ▲, Amarillo ◆, Verde ★.</li>
<li>25 piezas por jugador en cada ronda.</li>
<li>Un tablero: el tablero Base (B) por defecto, o el Avanzado (A), elegido al abrir la mesa.</li>
</ul>
<h3>El circuito</h3>
<ul>
<li>Las piezas solo se colocan en puntos. Un punto es un <strong>punto negro simple</strong> o un
<strong>punto circular</strong> (un punto negro rodeado por un círculo).</li>
<li>Dos puntos son <strong>adyacentes</strong> cuando una línea los une sin otro punto en \
medio.</li>
<li>Donde dos líneas se <strong>cruzan</strong> sin punto hay que seguir recto: ahí no se puede \
girar.
En los <strong>cruces en forma de “T”</strong> se puede girar a la derecha o a la izquierda. Donde \
una
línea hace un codo, se sigue la línea.</li>
<li>Una pieza sola en un punto es una <strong>pieza simple</strong>; dos piezas tuyas apiladas son \
una
<strong>pieza doble</strong>. Una pieza doble solo puede estar en un punto circular.</li>
</ul>
[[fig:c5_circuit]]
""",
        ),
        (
            "goal",
            "El objetivo",
            """
<p>Tener más puntos al final. Se puntúa:</p>
<ul>
<li><strong>1 punto</strong> por cada pieza rival que comes (una doble son dos piezas);</li>
<li><strong>5 puntos</strong> por un <strong>Connect 5</strong>: cinco de tus piezas en cinco puntos
distintos, cada uno adyacente al siguiente a lo largo del circuito. Una pieza doble cuenta como un
punto. La cadena puede girar en un punto o en una “T” sin punto, pero nunca en una intersección sin
punto, y no puede recorrer dos veces el mismo tramo de línea.</li>
</ul>
[[fig:c5_five]]
""",
        ),
        (
            "setup",
            "Comienzo de una ronda",
            """
<p>El tablero está vacío y cada uno tiene 25 piezas. Quién empieza se sortea; luego se juega por
turnos en sentido horario, en el orden de los asientos. En tu primer turno de la ronda colocas una
pieza en cualquier punto libre.</p>
""",
        ),
        (
            "turn",
            "Un turno",
            """
<p>En tu turno haces exactamente <strong>uno</strong> de los movimientos de abajo. Solo puedes \
pasar si
no hay ningún movimiento posible. Cuando tu reserva está vacía ya no puedes agregar ni apilar, pero
sigues jugando con tus piezas del tablero.</p>
""",
        ),
        (
            "actions",
            "Los movimientos",
            """
<dl>
<dt>Agregar</dt>
<dd>Pon una pieza de tu reserva en cualquier punto vacío, simple o circular.</dd>
<dt>Agregar encima</dt>
<dd>Pon una pieza de tu reserva encima de una de tus piezas simples que esté en un punto circular: \
se
convierte en una pieza doble.</dd>
<dt>Mover</dt>
<dd>Mueve una de tus piezas simples o dobles a un punto adyacente libre. Una pieza doble solo se \
mueve
entre puntos circulares adyacentes.</dd>
<dt>Dividir</dt>
<dd>Mueve la pieza de arriba de tu doble a un punto adyacente libre, simple o circular; la otra se
queda.</dd>
<dt>Comer</dt>
<dd>Salta por encima de una pieza rival adyacente siguiendo la línea (recto donde las líneas se \
cruzan o
forman una “T”), hasta el punto libre justo detrás. La pieza comida sale de la ronda y te da sus \
puntos. En el mismo movimiento la misma
pieza puede seguir saltando (comidas múltiples), cambiando de dirección si quieres y parando cuando
quieras, pero sin recorrer dos veces el mismo tramo de línea ni saltar dos veces el mismo punto. \
Comer
nunca es obligatorio.</dd>
<dt>Sándwich (nombre nuestro)</dt>
<dd>Cuando una pieza simple rival está entre dos puntos circulares en línea, cada uno con una pieza
tuya, y la más lejana es simple, tu pieza cercana (la de arriba, si es doble) salta por encima y cae
sobre tu pieza simple lejana: la pieza rival queda comida y ahí tienes ahora una doble. No es \
posible
si la pieza del medio es doble, ni hacia una doble.</dd>
</dl>
<h3>Piezas simples y dobles al comer</h3>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Quien come</th><th scope="col">La pieza comida</th><th \
scope="col">¿Permitido?</th></tr></thead>
<tbody>
<tr><td>simple</td><td>simple</td><td>sí, a cualquier punto libre</td></tr>
<tr><td>simple</td><td>doble</td><td>no</td></tr>
<tr><td>doble</td><td>simple</td><td>sí; en un punto circular libre cae como doble; en un punto \
simple la
doble se divide: la pieza de arriba salta y sigue sola, la otra se queda atrás</td></tr>
<tr><td>doble</td><td>doble</td><td>solo hacia un punto circular libre; se comen las dos piezas (2
puntos)</td></tr>
</tbody></table></div>
[[fig:c5_jump]]
[[fig:c5_sandwich]]
""",
        ),
        (
            "end",
            "Fin de la ronda y puntuación",
            """
<ul>
<li><strong>Connect 5:</strong> cuando tu movimiento completa un Connect 5 (se comprueba al \
terminar el
movimiento entero), ganas 5 puntos y la ronda termina en el acto. Las piezas comidas en ese \
movimiento
también cuentan.</li>
<li><strong>Sin Connect 5:</strong> la ronda también termina cuando nadie puede ya agregar ni \
mover, o
cuando las puntuaciones ya no pueden cambiar (como mucho un jugador tiene aún piezas, y menos de
cinco). Una mesa también puede configurarse para cerrar la ronda en cuanto nadie pueda hacer ya un
Connect 5.</li>
</ul>
<h3>Modalidades</h3>
<ul>
<li><strong>Partido rápido</strong> (por defecto): una sola ronda. Gana quien tenga más puntos, \
que no es
necesariamente quien hizo el Connect 5.</li>
<li><strong>Partido a rondas</strong>: tantas rondas como jugadores; cada uno empieza una ronda por
turno. Entre rondas se vacía el tablero y se rellenan las reservas; los puntos se suman.</li>
</ul>
<p>Los jugadores empatados con más puntos comparten la victoria.</p>
""",
        ),
        (
            "here",
            "Cómo se juega aquí",
            """
<ul>
<li>Para agregar, haz clic en un punto libre resaltado; para agregar encima, en tu pieza simple \
sobre un
punto circular.</li>
<li>Para mover, dividir, comer o hacer un sándwich, haz clic en tu pieza y luego en un destino
resaltado. Las comidas múltiples son un solo movimiento.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Los puntos se nombran como las casillas de un tablero de ajedrez: una letra para la columna y un
número para la fila, <code>a1</code> abajo a la izquierda.</p>
<ul>
<li><code>place c3</code> (agregar), <code>stack c3</code> (agregar encima)</li>
<li><code>step b2 b4</code> (mover), <code>split b2 c2</code> (dividir)</li>
<li><code>jump c4 over d4 to e4 over e5 to e6</code> (comer dos veces)</li>
<li><code>sandwich c4 over d4 to e4</code>, <code>pass</code></li>
</ul>
""",
    "figs": {
        "c5_circuit": {
            "caption": "Un trozo de circuito: puntos simples y circulares, una pieza doble y una "
            "simple rojas, "
            "una simple azul, una intersección sin punto, una “T” sin punto y un codo.",
            "aria": "Un trozo de circuito. Una línea horizontal tiene puntos simples y circulares; "
            "sobre ella "
            "hay una pieza doble roja en un punto circular, una pieza simple roja y una simple "
            "azul. Una "
            "línea vertical la cruza sin punto, donde hay que seguir recto, y más abajo termina en "
            "un cruce "
            "en T sin punto, donde se puede girar. Abajo a la izquierda la línea hace un codo.",
            "single_dot": "punto simple",
            "circled_dot": "punto circular",
            "double": "doble",
            "single": "simple",
            "crossing": "cruce sin punto: recto",
            "t": "“T” sin punto: se puede girar",
            "bend": "codo: seguir la línea",
        },
        "c5_jump": {
            "caption": "Comer: Rojo salta por encima de una pieza azul hasta el punto libre "
            "siguiente y luego "
            "por encima de otra, en un solo movimiento: 2 puntos.",
            "aria": "Una línea recta de seis puntos. Una pieza roja salta por encima de una pieza "
            "azul hasta el "
            "punto libre siguiente y luego por encima de otra pieza azul hasta el siguiente punto "
            "libre. "
            "Cada pieza comida vale un punto.",
        },
        "c5_five": {
            "caption": "Izquierda: un Connect 5 que gira en un punto. Derecha: cinco piezas rojas "
            "que giran en "
            "una intersección sin punto: no es un Connect 5.",
            "aria": "Izquierda: cinco piezas rojas a lo largo de una línea que hace un codo en un "
            "punto, "
            "marcado como Connect 5 válido. Derecha: cinco piezas rojas, tres en una línea "
            "horizontal y dos "
            "en una vertical, que se juntan en una intersección sin punto, marcado como no válido.",
            "ok": "Connect 5",
            "bad": "no es un Connect 5",
        },
    },
}


for _lang, (_caption, _aria) in {
    "en": (
        "Sandwich: a blue single stands between two circled dots holding red singles. Red jumps "
        "over it onto its own single: the blue token is eaten (+1) and Red now has a double "
        "there.",
        "Top: three dots in line; the outer two are circled and hold red singles, the middle one "
        "holds a blue single. An arrow shows a red token jumping over the blue one onto the "
        "other red token. Bottom: the blue token and the first red token are gone, and the far "
        "circled dot holds a red double.",
    ),
    "it": (
        "Sandwich: una singola blu sta tra due punti cerchiati con pedine singole rosse. Rosso la "
        "scavalca e atterra sulla propria singola: la pedina blu è mangiata (+1) e lì Rosso ha "
        "ora una doppia.",
        "In alto: tre punti in linea; i due esterni sono cerchiati e hanno pedine singole rosse, "
        "quello centrale una singola blu. Una freccia mostra una pedina rossa che scavalca "
        "quella blu e atterra sull'altra pedina rossa. In basso: la pedina blu e la prima "
        "pedina rossa non ci sono più e il punto cerchiato lontano ha una doppia rossa.",
    ),
    "de": (
        "Sandwich: Eine blaue Einzelfigur steht zwischen zwei eingekreisten Punkten mit roten "
        "Einzelfiguren. Rot springt über sie auf die eigene Einzelfigur: Die blaue Figur ist "
        "gegessen (+1), und dort steht jetzt eine rote Doppelfigur.",
        "Oben: drei Punkte in einer Linie; die beiden äußeren sind eingekreist und tragen rote "
        "Einzelfiguren, der mittlere eine blaue Einzelfigur. Ein Pfeil zeigt eine rote Figur, "
        "die über die blaue auf die andere rote Figur springt. Unten: Die blaue und die erste "
        "rote Figur sind weg, auf dem entfernten eingekreisten Punkt steht eine rote "
        "Doppelfigur.",
    ),
    "fr": (
        "Sandwich : un pion simple bleu se trouve entre deux points entourés d'un cercle portant "
        "des pions simples rouges. Rouge saute par-dessus et se pose sur son propre pion : le "
        "pion bleu est mangé (+1) et Rouge a là un double pion.",
        "En haut : trois points alignés ; les deux extérieurs sont entourés d'un cercle et portent "
        "des pions simples rouges, celui du milieu un pion simple bleu. Une flèche montre un "
        "pion rouge qui saute par-dessus le bleu et se pose sur l'autre pion rouge. En bas : "
        "le pion bleu et le premier pion rouge ont disparu et le point entouré éloigné porte "
        "un double pion rouge.",
    ),
    "es": (
        "Sándwich: una pieza simple azul está entre dos puntos circulares con piezas simples "
        "rojas. Rojo salta por encima y cae sobre su propia pieza: la pieza azul queda comida "
        "(+1) y Rojo tiene ahí ahora una doble.",
        "Arriba: tres puntos en línea; los dos exteriores son circulares y tienen piezas simples "
        "rojas, el del medio una pieza simple azul. Una flecha muestra una pieza roja que "
        "salta por encima de la azul y cae sobre la otra pieza roja. Abajo: la pieza azul y la "
        "primera pieza roja ya no están y el punto circular lejano tiene una doble roja.",
    ),
}.items():
    CONTENT[_lang]["figs"]["c5_sandwich"] = {"caption": _caption, "aria": _aria}
