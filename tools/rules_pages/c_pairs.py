"""Connect Pairs: rules page content (docs/rules/pairs.md; terms from the Italian rules sheet)."""

CONTENT = {}

CONTENT["en"] = {
    "credit": (
        "From an untitled Italian rules sheet; the name “Connect Pairs” is ours. 2 "
        "players, or 4, 6 or 8 in pairs."
    ),
    "lead": (
        "A game for pairs of partners. Each partner plays on their own board, and "
        "together they try to build <strong>the same row of four tokens</strong> at the "
        "top of both boards, as fast as possible. Partners help each other through a "
        "<strong>connection</strong>; pairs can never hinder one another."
    ),
    "note": (
        "\n"
        "<p><strong>Our layout.</strong> The pictures of the rules sheet are lost, so "
        "the layout of the boards\n"
        "shown here and on the table (the shared board with its key and supply, the "
        "player board with its top\n"
        "row above six zones) is the project's own design.</p>\n"
    ),
    "sections": [
        (
            "need",
            "What you need",
            (
                "\n"
                "<ul>\n"
                "<li>Players in pairs of partners: 2, 4, 6 or 8 players.</li>\n"
                "<li>For each pair: 72 tokens of six <strong>subjects</strong>, A to F "
                "(12 of each), a <strong>shared\n"
                "board</strong>, two <strong>player boards</strong> and three dice.</li>\n"
                "<li>The shared board holds the <strong>key</strong> (six spaces "
                "numbered 1 to 6) and a supply space for\n"
                "each subject.</li>\n"
                "<li>A player board has six <strong>zones</strong> numbered 1 to 6, each "
                "with three spaces, and a\n"
                "<strong>top row</strong> of four slots.</li>\n"
                "<li>One <strong>score pawn</strong>, on the first pair's shared board, "
                "starting on 100.</li>\n"
                "</ul>\n"
                "[[fig:pg_board]]\n"
            ),
        ),
        (
            "goal",
            "The goal",
            (
                "\n"
                "<p>Fill both partners' top rows with <strong>the same four tokens in "
                "the same order</strong>, slot by\n"
                "slot (a subject may appear twice). The pair then scores the number the "
                "score pawn stands on: the\n"
                "sooner, the more points.</p>\n"
            ),
        ),
        (
            "setup",
            "Setup",
            (
                "\n"
                "<ol>\n"
                "<li><strong>The key:</strong> each pair lays one token of each subject "
                "on the spaces 1 to 6 of its\n"
                "shared board, in any order; here the pair's first player chooses it. A "
                "die showing a number then\n"
                "stands for the subject on that space of the key.</li>\n"
                "<li>The other 11 tokens of each subject go to the supply. The player "
                "boards start empty; the score\n"
                "pawn starts on 100.</li>\n"
                "<li>The first player is drawn at random; turns then follow the seating, "
                "pair after pair.</li>\n"
                "</ol>\n"
                "[[fig:pg_shared]]\n"
            ),
        ),
        (
            "turn",
            "A turn",
            (
                "\n"
                "<p>Roll the three dice (the table rolls them for you). Then:</p>\n"
                "<ul>\n"
                "<li><strong>Three equal numbers</strong> (for example 4-4-4): you lose "
                "every token in your zone 4; they\n"
                "go back to the supply. Your top row is not touched.</li>\n"
                "<li><strong>Two equal numbers</strong> (for example 2-2-5): swap a "
                "token of your zone 2 with a token of a\n"
                "different subject in your zone 5. If one of the two zones is empty, "
                "instead move one token of your\n"
                "choice from the other zone into it. If neither is possible, nothing "
                "happens.</li>\n"
                "<li><strong>Three different numbers:</strong> pick one die as the "
                "subject die (it means the subject on\n"
                "that space of the key); the other two dice name two of your zones. Then "
                "do one of the actions below.</li>\n"
                "</ul>\n"
                "<p>A turn cannot be skipped. After each round, when everyone has played "
                "once, the score pawn moves\n"
                "down one box (100, 99, 98 …; it stops on 1).</p>\n"
            ),
        ),
        (
            "actions",
            "The actions",
            (
                "\n"
                "<p>With three different numbers, choose one:</p>\n"
                "<dl>\n"
                "<dt>Move</dt>\n"
                "<dd>Move a token of the subject from one of the two zones to a free "
                "space of the other.</dd>\n"
                "<dt>Take</dt>\n"
                "<dd>Take two tokens of the subject from the supply and put one in each "
                "of the two zones. Both zones\n"
                "need a free space and the supply needs two tokens.</dd>\n"
                "<dt>Connect</dt>\n"
                "<dd>Look at each die number in turn, in the order you like: if your "
                "zone with that number and your\n"
                "partner's zone with the same number hold at least one token of the same "
                "subject, you may swap a\n"
                "token with your partner. You give any token of that zone and your "
                "partner gives back one of theirs of\n"
                "a different subject; each partner chooses the token they give. Connect "
                "is always allowed, even when\n"
                "it changes nothing.</dd>\n"
                "</dl>\n"
                "<h3>Three of a subject</h3>\n"
                "<p>As soon as a zone holds three tokens of the same subject (on any "
                "board, even outside your turn),\n"
                "the board's owner acts:</p>\n"
                "<ul>\n"
                "<li>If the top row has a free slot and that subject is not in it yet, "
                "one of the three goes up. If the\n"
                "partner has that subject in a slot that is free in your row, it must go "
                "into that slot, so that the\n"
                "rows match.</li>\n"
                "<li>If the subject is already in the top row (and a slot is free), "
                "nothing happens.</li>\n"
                "<li>If the top row is full, the owner must put the token in place of "
                "one of the row's tokens, of their\n"
                "choice, which goes back to the supply. Only this way can a subject "
                "appear twice.</li>\n"
                "</ul>\n"
            ),
        ),
        (
            "end",
            "End of the game and scoring",
            (
                "\n"
                "<ul>\n"
                "<li><strong>One pair:</strong> the game ends the moment both top rows "
                "match; the pair scores the\n"
                "pawn's number.</li>\n"
                "<li><strong>Several pairs:</strong> the rows are compared at the end of "
                "each round. Every pair whose\n"
                "rows match then scores the pawn's number, and the game ends.</li>\n"
                "<li><strong>Tournament</strong> (several manches, chosen when the table "
                "is opened): each manche starts\n"
                "afresh and is begun by another pair; a pair that has scored stops "
                "playing, and the manche goes on\n"
                "until every pair has scored. Totals are added and the highest total "
                "wins; equal totals share first\n"
                "place. With a single pair, the best manche counts.</li>\n"
                "</ul>\n"
            ),
        ),
        (
            "here",
            "How to play here",
            (
                "\n"
                "<ul>\n"
                "<li>The dice are rolled for you. When you have a choice, click a "
                "highlighted token, zone or slot, or\n"
                "the button of the action you want.</li>\n"
                "<li>During a connection your partner is asked to choose the token they "
                "give back.</li>\n"
                "<li>A decision with only one possibility is made for you.</li>\n"
                "</ul>\n"
            ),
        ),
    ],
    "notation": (
        "\n"
        "<p>Subjects are the letters A to F, zones the numbers 1 to 6, top slots 1 to 4; "
        "<code>3C</code> is a C\n"
        "in zone 3.</p>\n"
        "<ul>\n"
        "<li><code>key CAFBED</code>: die 1 means C, die 2 means A, and so on</li>\n"
        "<li><code>move C 1>6</code>, <code>take E 2 4</code>, <code>swap 2A "
        "5E</code></li>\n"
        "<li><code>connect</code>, <code>give 3C</code>, <code>done</code></li>\n"
        "<li><code>top 6>2</code>: a token of zone 6 goes to top slot 2; <code>keep "
        "6</code></li>\n"
        "</ul>\n"
    ),
    "figs": {
        "pg_board": {
            "caption": (
                "A player board: the top row (two slots filled) above six zones of three "
                "spaces. Zone 6 holds three C, so one C goes up to a free slot of the "
                "top row."
            ),
            "aria": (
                "A player board. At the top, a row of four slots numbered 1 to 4; slot 1 "
                "holds B and slot 2 holds E. Below, six zones numbered 1 to 6 in two "
                "rows of three, each with three spaces. Zone 1 holds A and C, zone 2 "
                "holds F, zone 3 is empty, zone 4 holds D and B, zone 5 holds E, and "
                "zone 6 holds three C. An arrow leads from zone 6 up to the top row."
            ),
            "top": "top row",
            "zone": "zone",
            "up": "three C: one goes up",
        },
        "pg_shared": {
            "caption": (
                "The shared board: the key (here die 1 means C, 2 means A, 3 F, 4 B, 5 "
                "E, 6 D) and the supply, 11 tokens of each subject."
            ),
            "aria": (
                "A shared board. The key row shows die numbers 1 to 6 with the subjects "
                "C, A, F, B, E and D below them. The supply row shows the subjects A to "
                "F, eleven tokens of each."
            ),
            "key": "key",
            "supply": "supply",
        },
    },
}

CONTENT["it"] = {
    "credit": (
        "Da un foglio di regole italiano senza titolo; il nome «Connect Pairs» è nostro. "
        "2 giocatori, oppure 4, 6 o 8 in coppie."
    ),
    "lead": (
        "Un gioco di coppia. Ogni partner gioca sul proprio tabellone e insieme cercano "
        "di comporre <strong>la stessa sequenza di quattro gettoni</strong> in alto su "
        "entrambi i tabelloni, il più rapidamente possibile. I partner si aiutano con "
        "una <strong>connessione</strong>; le coppie non possono mai ostacolarsi."
    ),
    "note": (
        "\n"
        "<p><strong>La nostra disposizione.</strong> Le illustrazioni del foglio di "
        "regole sono andate perse,\n"
        "quindi la disposizione dei tabelloni mostrata qui e al tavolo (il tabellone "
        "condiviso con la legenda e\n"
        "la riserva, il tabellone del giocatore con gli spazi in alto sopra sei zone) è "
        "un progetto nostro.</p>\n"
    ),
    "sections": [
        (
            "need",
            "Cosa serve",
            (
                "\n"
                "<ul>\n"
                "<li>Giocatori in coppie di partner: 2, 4, 6 o 8 giocatori.</li>\n"
                "<li>Per ogni coppia: 72 gettoni di sei <strong>soggetti</strong>, da A "
                "a F (12 per soggetto), un\n"
                "<strong>tabellone condiviso</strong>, due <strong>tabelloni "
                "giocatore</strong> e tre dadi.</li>\n"
                "<li>Il tabellone condiviso contiene la <strong>legenda</strong> (sei "
                "spazi numerati da 1 a 6) e uno\n"
                "spazio di riserva per ogni soggetto.</li>\n"
                "<li>Un tabellone giocatore ha sei <strong>zone</strong> numerate da 1 a "
                "6, ognuna di tre spazi, e\n"
                "<strong>quattro spazi in alto</strong>.</li>\n"
                "<li>Una <strong>pedina segnapunti</strong>, sul tabellone condiviso "
                "della prima coppia, che parte da 100.</li>\n"
                "</ul>\n"
                "[[fig:pg_board]]\n"
            ),
        ),
        (
            "goal",
            "Lo scopo",
            (
                "\n"
                "<p>Riempire gli spazi in alto di entrambi i partner con <strong>gli "
                "stessi quattro gettoni nella stessa\n"
                "sequenza</strong>, posizione per posizione (un soggetto può comparire "
                "due volte). La coppia ottiene\n"
                "allora il numero su cui si trova la pedina segnapunti: prima si "
                "finisce, più punti si fanno.</p>\n"
            ),
        ),
        (
            "setup",
            "Preparazione",
            (
                "\n"
                "<ol>\n"
                "<li><strong>La legenda:</strong> ogni coppia dispone a piacere un "
                "gettone di ogni soggetto sugli spazi da\n"
                "1 a 6 del proprio tabellone condiviso; qui la sceglie il primo "
                "giocatore della coppia. Un dado che\n"
                "mostra un numero indica allora il soggetto su quello spazio della "
                "legenda.</li>\n"
                "<li>Gli altri 11 gettoni di ogni soggetto vanno nella riserva. I "
                "tabelloni giocatore partono vuoti; la\n"
                "pedina segnapunti parte da 100.</li>\n"
                "<li>Il primo giocatore viene sorteggiato; poi i turni seguono i posti, "
                "una coppia dopo l'altra.</li>\n"
                "</ol>\n"
                "[[fig:pg_shared]]\n"
            ),
        ),
        (
            "turn",
            "Il turno",
            (
                "\n"
                "<p>Tira i tre dadi (il tavolo li tira per te). Poi:</p>\n"
                "<ul>\n"
                "<li><strong>Tre numeri uguali</strong> (per esempio 4-4-4): perdi tutti "
                "i gettoni della tua zona 4, che\n"
                "tornano nella riserva. Gli spazi in alto non si toccano.</li>\n"
                "<li><strong>Due numeri uguali</strong> (per esempio 2-2-5): scambia un "
                "gettone della tua zona 2 con un\n"
                "gettone di soggetto diverso della tua zona 5. Se una delle due zone è "
                "vuota, sposta invece nella zona\n"
                "vuota un gettone a scelta dell'altra. Se nessuna delle due cose è "
                "possibile, non succede nulla.</li>\n"
                "<li><strong>Tre numeri diversi:</strong> scegli un dado come dado "
                "soggetto (indica il soggetto su quello\n"
                "spazio della legenda); gli altri due dadi indicano due delle tue zone. "
                "Poi esegui una delle azioni qui\n"
                "sotto.</li>\n"
                "</ul>\n"
                "<p>Non si può saltare il turno. Dopo ogni giro, quando tutti hanno "
                "giocato una volta, la pedina\n"
                "segnapunti scende di una casella (100, 99, 98 …; si ferma su 1).</p>\n"
            ),
        ),
        (
            "actions",
            "Le azioni",
            (
                "\n"
                "<p>Con tre numeri diversi, scegli una di queste:</p>\n"
                "<dl>\n"
                "<dt>Spostare</dt>\n"
                "<dd>Sposta un gettone del soggetto da una delle due zone in uno spazio "
                "libero dell'altra.</dd>\n"
                "<dt>Prendere</dt>\n"
                "<dd>Prendi dalla riserva due gettoni del soggetto e mettine uno in "
                "ciascuna delle due zone. Entrambe le\n"
                "zone devono avere uno spazio libero e la riserva deve avere due "
                "gettoni.</dd>\n"
                "<dt>Connessione</dt>\n"
                "<dd>Considera un numero di dado alla volta, nell'ordine che preferisci: "
                "se la tua zona con quel numero e\n"
                "la zona del partner con lo stesso numero contengono almeno un gettone "
                "dello stesso soggetto, puoi\n"
                "scambiare un gettone con il partner. Tu dai un gettone qualsiasi di "
                "quella zona e il partner ne\n"
                "restituisce uno suo di soggetto diverso; ognuno sceglie il gettone che "
                "dà. La connessione è sempre\n"
                "permessa, anche quando non cambia nulla.</dd>\n"
                "</dl>\n"
                "<h3>Tre gettoni dello stesso soggetto</h3>\n"
                "<p>Appena una zona contiene tre gettoni dello stesso soggetto (su "
                "qualsiasi tabellone, anche fuori dal\n"
                "proprio turno), il proprietario del tabellone agisce:</p>\n"
                "<ul>\n"
                "<li>Se negli spazi in alto c'è un posto libero e quel soggetto non c'è "
                "ancora, uno dei tre sale. Se il\n"
                "partner ha quel soggetto in una posizione che da te è libera, deve "
                "andare in quella posizione, perché\n"
                "le sequenze combacino.</li>\n"
                "<li>Se il soggetto è già negli spazi in alto (e c'è un posto libero), "
                "non succede nulla.</li>\n"
                "<li>Se gli spazi in alto sono tutti occupati, il proprietario deve "
                "mettere il gettone al posto di uno di\n"
                "quelli presenti, a sua scelta, che torna nella riserva. Solo così un "
                "soggetto può comparire due volte.</li>\n"
                "</ul>\n"
            ),
        ),
        (
            "end",
            "Fine della partita e punteggio",
            (
                "\n"
                "<ul>\n"
                "<li><strong>Una coppia:</strong> la partita finisce nel momento in cui "
                "le due sequenze in alto\n"
                "combaciano; la coppia ottiene il numero della pedina segnapunti.</li>\n"
                "<li><strong>Più coppie:</strong> le sequenze si confrontano alla fine "
                "di ogni giro. Ogni coppia le cui\n"
                "sequenze combaciano ottiene allora il numero della pedina, e la partita "
                "finisce.</li>\n"
                "<li><strong>Modalità torneo</strong> (più manches, scelta all'apertura "
                "del tavolo): ogni manche riparte da\n"
                "capo ed è iniziata da una coppia diversa; una coppia che ha già un "
                "punteggio smette di giocare, e la\n"
                "manche continua finché ogni coppia ha il suo punteggio. I totali si "
                "sommano e vince il totale più alto;\n"
                "a parità di totale il primo posto è condiviso. Con una sola coppia "
                "conta la manche migliore.</li>\n"
                "</ul>\n"
            ),
        ),
        (
            "here",
            "Come si gioca qui",
            (
                "\n"
                "<ul>\n"
                "<li>I dadi vengono tirati per te. Quando hai una scelta, fai clic su un "
                "gettone, una zona o uno spazio\n"
                "evidenziati, oppure sul pulsante dell'azione che vuoi.</li>\n"
                "<li>Durante una connessione al partner viene chiesto quale gettone "
                "restituire.</li>\n"
                "<li>Una decisione con una sola possibilità viene presa per te.</li>\n"
                "</ul>\n"
            ),
        ),
    ],
    "notation": (
        "\n"
        "<p>I soggetti sono le lettere da A a F, le zone i numeri da 1 a 6, gli spazi in "
        "alto da 1 a 4;\n"
        "<code>3C</code> è una C nella zona 3.</p>\n"
        "<ul>\n"
        "<li><code>key CAFBED</code>: il dado 1 indica C, il dado 2 indica A, e così "
        "via</li>\n"
        "<li><code>move C 1>6</code>, <code>take E 2 4</code>, <code>swap 2A "
        "5E</code></li>\n"
        "<li><code>connect</code>, <code>give 3C</code>, <code>done</code></li>\n"
        "<li><code>top 6>2</code>: un gettone della zona 6 sale nello spazio 2; "
        "<code>keep 6</code></li>\n"
        "</ul>\n"
    ),
    "figs": {
        "pg_board": {
            "caption": (
                "Un tabellone giocatore: gli spazi in alto (due occupati) sopra sei zone "
                "di tre spazi. La zona 6 contiene tre C, quindi una C sale in uno spazio "
                "libero in alto."
            ),
            "aria": (
                "Un tabellone giocatore. In alto, quattro spazi numerati da 1 a 4; lo "
                "spazio 1 contiene B e lo spazio 2 contiene E. Sotto, sei zone numerate "
                "da 1 a 6 su due file di tre, ognuna con tre spazi. La zona 1 contiene A "
                "e C, la zona 2 F, la zona 3 è vuota, la zona 4 contiene D e B, la zona "
                "5 E e la zona 6 tre C. Una freccia va dalla zona 6 agli spazi in alto."
            ),
            "top": "spazi in alto",
            "zone": "zona",
            "up": "tre C: una sale",
        },
        "pg_shared": {
            "caption": (
                "Il tabellone condiviso: la legenda (qui il dado 1 indica C, il 2 A, il "
                "3 F, il 4 B, il 5 E, il 6 D) e la riserva, 11 gettoni per soggetto."
            ),
            "aria": (
                "Un tabellone condiviso. La fila della legenda mostra i numeri del dado "
                "da 1 a 6 con sotto i soggetti C, A, F, B, E e D. La fila della riserva "
                "mostra i soggetti da A a F, undici gettoni ciascuno."
            ),
            "key": "legenda",
            "supply": "riserva",
        },
    },
}

CONTENT["de"] = {
    "credit": (
        "Nach einem italienischen Regelblatt ohne Titel; der Name „Connect Pairs“ stammt "
        "von uns. 2 Personen, oder 4, 6 oder 8 in Paaren."
    ),
    "lead": (
        "Ein Spiel für Paare. Beide Partner spielen auf ihrem eigenen Brett und "
        "versuchen gemeinsam, oben auf beiden Brettern <strong>dieselbe Reihe aus vier "
        "Spielsteinen</strong> zu bilden, so schnell wie möglich. Die Partner helfen "
        "einander mit einer <strong>Verbindung</strong>; Paare können sich nie "
        "gegenseitig behindern."
    ),
    "note": (
        "\n"
        "<p><strong>Unser Aufbau.</strong> Die Bilder des Regelblatts sind verloren. Der "
        "hier und am Tisch gezeigte\n"
        "Aufbau der Bretter (das gemeinsame Brett mit Schlüssel und Vorrat, das "
        "Spielerbrett mit der oberen\n"
        "Reihe über sechs Zonen) ist daher ein Entwurf des Projekts.</p>\n"
    ),
    "sections": [
        (
            "need",
            "Was ihr braucht",
            (
                "\n"
                "<ul>\n"
                "<li>Personen in Partnerpaaren: 2, 4, 6 oder 8 Personen.</li>\n"
                "<li>Pro Paar: 72 Spielsteine mit sechs <strong>Motiven</strong>, A bis "
                "F (je 12), ein <strong>gemeinsames\n"
                "Brett</strong>, zwei <strong>Spielerbretter</strong> und drei "
                "Würfel.</li>\n"
                "<li>Das gemeinsame Brett trägt den <strong>Schlüssel</strong> (sechs "
                "Felder, nummeriert von 1 bis 6) und\n"
                "für jedes Motiv ein Vorratsfeld.</li>\n"
                "<li>Ein Spielerbrett hat sechs <strong>Zonen</strong>, nummeriert von 1 "
                "bis 6, mit je drei Feldern, und\n"
                "eine <strong>obere Reihe</strong> mit vier Plätzen.</li>\n"
                "<li>Ein <strong>Zählstein</strong> auf dem gemeinsamen Brett des ersten "
                "Paares, er beginnt auf 100.</li>\n"
                "</ul>\n"
                "[[fig:pg_board]]\n"
            ),
        ),
        (
            "goal",
            "Ziel des Spiels",
            (
                "\n"
                "<p>Die oberen Reihen beider Partner mit <strong>denselben vier "
                "Spielsteinen in derselben\n"
                "Reihenfolge</strong> füllen, Platz für Platz (ein Motiv darf zweimal "
                "vorkommen). Das Paar bekommt dann\n"
                "die Zahl, auf der der Zählstein steht: Je früher, desto mehr Punkte.</p>\n"
            ),
        ),
        (
            "setup",
            "Spielaufbau",
            (
                "\n"
                "<ol>\n"
                "<li><strong>Der Schlüssel:</strong> Jedes Paar legt je einen Spielstein "
                "jedes Motivs in beliebiger\n"
                "Reihenfolge auf die Felder 1 bis 6 seines gemeinsamen Bretts; hier "
                "wählt ihn die erste Person des\n"
                "Paares. Ein Würfel mit einer Zahl steht dann für das Motiv auf diesem "
                "Feld des Schlüssels.</li>\n"
                "<li>Die übrigen 11 Spielsteine jedes Motivs kommen in den Vorrat. Die "
                "Spielerbretter beginnen leer;\n"
                "der Zählstein beginnt auf 100.</li>\n"
                "<li>Wer beginnt, wird ausgelost; danach folgen die Züge der "
                "Sitzordnung, ein Paar nach dem anderen.</li>\n"
                "</ol>\n"
                "[[fig:pg_shared]]\n"
            ),
        ),
        (
            "turn",
            "Ein Zug",
            (
                "\n"
                "<p>Wirf die drei Würfel (der Tisch würfelt für dich). Dann:</p>\n"
                "<ul>\n"
                "<li><strong>Drei gleiche Zahlen</strong> (zum Beispiel 4-4-4): Du "
                "verlierst alle Spielsteine deiner\n"
                "Zone 4; sie gehen in den Vorrat zurück. Deine obere Reihe bleibt "
                "unberührt.</li>\n"
                "<li><strong>Zwei gleiche Zahlen</strong> (zum Beispiel 2-2-5): Tausche "
                "einen Spielstein deiner Zone 2\n"
                "gegen einen Spielstein mit anderem Motiv aus deiner Zone 5. Ist eine "
                "der beiden Zonen leer, versetze\n"
                "stattdessen einen Spielstein deiner Wahl aus der anderen Zone hinein. "
                "Geht beides nicht, passiert\n"
                "nichts.</li>\n"
                "<li><strong>Drei verschiedene Zahlen:</strong> Wähle einen Würfel als "
                "Motivwürfel (er steht für das\n"
                "Motiv auf diesem Feld des Schlüssels); die beiden anderen Würfel nennen "
                "zwei deiner Zonen. Dann führe\n"
                "eine der Aktionen unten aus.</li>\n"
                "</ul>\n"
                "<p>Ein Zug kann nicht ausgelassen werden. Nach jeder Runde, wenn alle "
                "einmal gespielt haben, rückt der\n"
                "Zählstein ein Feld nach unten (100, 99, 98 …; bei 1 bleibt er "
                "stehen).</p>\n"
            ),
        ),
        (
            "actions",
            "Die Aktionen",
            (
                "\n"
                "<p>Bei drei verschiedenen Zahlen wählst du eine davon:</p>\n"
                "<dl>\n"
                "<dt>Versetzen</dt>\n"
                "<dd>Versetze einen Spielstein des Motivs aus einer der beiden Zonen auf "
                "ein freies Feld der anderen.</dd>\n"
                "<dt>Nehmen</dt>\n"
                "<dd>Nimm zwei Spielsteine des Motivs aus dem Vorrat und lege je einen "
                "in die beiden Zonen. Beide Zonen\n"
                "brauchen ein freies Feld, und im Vorrat müssen zwei Spielsteine "
                "liegen.</dd>\n"
                "<dt>Verbindung</dt>\n"
                "<dd>Betrachte die Würfelzahlen nacheinander, in der Reihenfolge deiner "
                "Wahl: Enthalten deine Zone mit\n"
                "dieser Zahl und die Zone deines Partners mit derselben Zahl mindestens "
                "einen Spielstein mit gleichem\n"
                "Motiv, darfst du mit ihm einen Spielstein tauschen. Du gibst einen "
                "beliebigen Spielstein dieser Zone,\n"
                "und dein Partner gibt einen seiner mit anderem Motiv zurück; jeder "
                "wählt selbst, welchen er gibt. Die\n"
                "Verbindung ist immer erlaubt, auch wenn sie nichts ändert.</dd>\n"
                "</dl>\n"
                "<h3>Drei gleiche Motive</h3>\n"
                "<p>Sobald eine Zone drei Spielsteine mit demselben Motiv enthält (auf "
                "jedem Brett, auch außerhalb des\n"
                "eigenen Zuges), handelt die Person, der das Brett gehört:</p>\n"
                "<ul>\n"
                "<li>Hat die obere Reihe einen freien Platz und steht das Motiv noch "
                "nicht darin, steigt einer der drei\n"
                "auf. Hat der Partner das Motiv auf einem Platz, der in deiner Reihe "
                "frei ist, muss er auf diesen Platz,\n"
                "damit die Reihen übereinstimmen.</li>\n"
                "<li>Steht das Motiv schon in der oberen Reihe (und ist ein Platz frei), "
                "passiert nichts.</li>\n"
                "<li>Ist die obere Reihe voll, muss der Spielstein einen Stein der Reihe "
                "nach Wahl ersetzen, der in den\n"
                "Vorrat zurückgeht. Nur so kann ein Motiv zweimal vorkommen.</li>\n"
                "</ul>\n"
            ),
        ),
        (
            "end",
            "Spielende und Wertung",
            (
                "\n"
                "<ul>\n"
                "<li><strong>Ein Paar:</strong> Das Spiel endet, sobald beide oberen "
                "Reihen übereinstimmen; das Paar\n"
                "bekommt die Zahl des Zählsteins.</li>\n"
                "<li><strong>Mehrere Paare:</strong> Die Reihen werden am Ende jeder "
                "Runde verglichen. Jedes Paar, dessen\n"
                "Reihen dann übereinstimmen, bekommt die Zahl des Zählsteins, und das "
                "Spiel endet.</li>\n"
                "<li><strong>Turniermodus</strong> (mehrere Durchgänge, beim Eröffnen "
                "des Tisches gewählt): Jeder\n"
                "Durchgang beginnt neu und wird von einem anderen Paar eröffnet; ein "
                "Paar, das gewertet wurde, spielt\n"
                "nicht mehr mit, und der Durchgang läuft, bis jedes Paar gewertet ist. "
                "Die Summen werden addiert, die\n"
                "höchste gewinnt; bei gleicher Summe wird der erste Platz geteilt. Bei "
                "nur einem Paar zählt der beste\n"
                "Durchgang.</li>\n"
                "</ul>\n"
            ),
        ),
        (
            "here",
            "So spielt ihr hier",
            (
                "\n"
                "<ul>\n"
                "<li>Die Würfel werden für dich geworfen. Hast du eine Wahl, klicke auf "
                "einen hervorgehobenen\n"
                "Spielstein, eine Zone oder einen Platz, oder auf die Schaltfläche der "
                "gewünschten Aktion.</li>\n"
                "<li>Bei einer Verbindung wird dein Partner gefragt, welchen Spielstein "
                "er zurückgibt.</li>\n"
                "<li>Eine Entscheidung mit nur einer Möglichkeit trifft der Tisch für "
                "dich.</li>\n"
                "</ul>\n"
            ),
        ),
    ],
    "notation": (
        "\n"
        "<p>Motive sind die Buchstaben A bis F, Zonen die Zahlen 1 bis 6, die Plätze "
        "oben 1 bis 4;\n"
        "<code>3C</code> ist ein C in Zone 3.</p>\n"
        "<ul>\n"
        "<li><code>key CAFBED</code>: Würfel 1 steht für C, Würfel 2 für A und so "
        "weiter</li>\n"
        "<li><code>move C 1>6</code>, <code>take E 2 4</code>, <code>swap 2A "
        "5E</code></li>\n"
        "<li><code>connect</code>, <code>give 3C</code>, <code>done</code></li>\n"
        "<li><code>top 6>2</code>: ein Spielstein aus Zone 6 auf Platz 2 oben; "
        "<code>keep 6</code></li>\n"
        "</ul>\n"
    ),
    "figs": {
        "pg_board": {
            "caption": (
                "Ein Spielerbrett: die obere Reihe (zwei Plätze belegt) über sechs Zonen "
                "mit je drei Feldern. Zone 6 enthält drei C, also steigt ein C auf einen "
                "freien Platz der oberen Reihe."
            ),
            "aria": (
                "Ein Spielerbrett. Oben eine Reihe mit vier Plätzen, nummeriert von 1 "
                "bis 4; auf Platz 1 liegt B, auf Platz 2 E. Darunter sechs Zonen, "
                "nummeriert von 1 bis 6, in zwei Reihen zu drei, jede mit drei Feldern. "
                "Zone 1 enthält A und C, Zone 2 F, Zone 3 ist leer, Zone 4 enthält D und "
                "B, Zone 5 E und Zone 6 drei C. Ein Pfeil führt von Zone 6 zur oberen "
                "Reihe."
            ),
            "top": "obere Reihe",
            "zone": "Zone",
            "up": "drei C: eines steigt auf",
        },
        "pg_shared": {
            "caption": (
                "Das gemeinsame Brett: der Schlüssel (hier steht Würfel 1 für C, 2 für "
                "A, 3 für F, 4 für B, 5 für E, 6 für D) und der Vorrat, 11 Spielsteine "
                "je Motiv."
            ),
            "aria": (
                "Ein gemeinsames Brett. Die Schlüsselreihe zeigt die Würfelzahlen 1 bis "
                "6 mit den Motiven C, A, F, B, E und D darunter. Die Vorratsreihe zeigt "
                "die Motive A bis F mit je elf Spielsteinen."
            ),
            "key": "Schlüssel",
            "supply": "Vorrat",
        },
    },
}

CONTENT["fr"] = {
    "credit": (
        "D'après une feuille de règles italienne sans titre ; le nom «&nbsp;Connect "
        "Pairs&nbsp;» est de nous. 2 joueurs, ou 4, 6 ou 8 par paires."
    ),
    "lead": (
        "Un jeu pour des paires de partenaires. Chacun joue sur son propre plateau et, "
        "ensemble, ils essaient de composer <strong>la même rangée de quatre "
        "jetons</strong> en haut des deux plateaux, le plus vite possible. Les "
        "partenaires s'entraident par une <strong>connexion</strong> ; les paires ne "
        "peuvent jamais se gêner."
    ),
    "note": (
        "\n"
        "<p><strong>Notre disposition.</strong> Les illustrations de la feuille de "
        "règles sont perdues ; la\n"
        "disposition des plateaux montrée ici et à la table (le plateau commun avec sa "
        "clé et sa réserve, le\n"
        "plateau individuel avec sa rangée du haut au-dessus de six zones) est donc une "
        "création du projet.</p>\n"
    ),
    "sections": [
        (
            "need",
            "Matériel",
            (
                "\n"
                "<ul>\n"
                "<li>Des joueurs par paires de partenaires : 2, 4, 6 ou 8 joueurs.</li>\n"
                "<li>Pour chaque paire : 72 jetons de six <strong>sujets</strong>, de A "
                "à F (12 de chaque), un\n"
                "<strong>plateau commun</strong>, deux <strong>plateaux "
                "individuels</strong> et trois dés.</li>\n"
                "<li>Le plateau commun porte la <strong>clé</strong> (six cases "
                "numérotées de 1 à 6) et une case de\n"
                "réserve par sujet.</li>\n"
                "<li>Un plateau individuel a six <strong>zones</strong> numérotées de 1 "
                "à 6, de trois cases chacune, et\n"
                "une <strong>rangée du haut</strong> de quatre emplacements.</li>\n"
                "<li>Un <strong>pion de score</strong>, sur le plateau commun de la "
                "première paire, qui part de 100.</li>\n"
                "</ul>\n"
                "[[fig:pg_board]]\n"
            ),
        ),
        (
            "goal",
            "But du jeu",
            (
                "\n"
                "<p>Remplir les rangées du haut des deux partenaires avec <strong>les "
                "mêmes quatre jetons dans le même\n"
                "ordre</strong>, emplacement par emplacement (un sujet peut apparaître "
                "deux fois). La paire marque alors\n"
                "le nombre sur lequel se trouve le pion de score : plus c'est tôt, plus "
                "il y a de points.</p>\n"
            ),
        ),
        (
            "setup",
            "Mise en place",
            (
                "\n"
                "<ol>\n"
                "<li><strong>La clé :</strong> chaque paire pose un jeton de chaque "
                "sujet sur les cases 1 à 6 de son\n"
                "plateau commun, dans l'ordre qu'elle veut ; ici, c'est le premier "
                "joueur de la paire qui la choisit. Un\n"
                "dé qui montre un nombre désigne alors le sujet posé sur cette case de "
                "la clé.</li>\n"
                "<li>Les 11 autres jetons de chaque sujet vont dans la réserve. Les "
                "plateaux individuels sont vides au\n"
                "départ ; le pion de score part de 100.</li>\n"
                "<li>Le premier joueur est tiré au sort ; les tours suivent ensuite "
                "l'ordre des places, paire après\n"
                "paire.</li>\n"
                "</ol>\n"
                "[[fig:pg_shared]]\n"
            ),
        ),
        (
            "turn",
            "Déroulement d'un tour",
            (
                "\n"
                "<p>Lancez les trois dés (la table les lance pour vous). Ensuite :</p>\n"
                "<ul>\n"
                "<li><strong>Trois nombres égaux</strong> (par exemple 4-4-4) : vous "
                "perdez tous les jetons de votre zone\n"
                "4 ; ils retournent dans la réserve. Votre rangée du haut n'est pas "
                "touchée.</li>\n"
                "<li><strong>Deux nombres égaux</strong> (par exemple 2-2-5) : échangez "
                "un jeton de votre zone 2 avec un\n"
                "jeton d'un autre sujet de votre zone 5. Si l'une des deux zones est "
                "vide, déplacez plutôt dedans un\n"
                "jeton de votre choix de l'autre zone. Si rien n'est possible, il ne se "
                "passe rien.</li>\n"
                "<li><strong>Trois nombres différents :</strong> choisissez un dé comme "
                "dé de sujet (il désigne le sujet\n"
                "de cette case de la clé) ; les deux autres dés désignent deux de vos "
                "zones. Faites ensuite l'une des\n"
                "actions ci-dessous.</li>\n"
                "</ul>\n"
                "<p>On ne peut pas passer son tour. Après chaque tour de table, quand "
                "tout le monde a joué une fois, le\n"
                "pion de score descend d'une case (100, 99, 98 … ; il s'arrête sur "
                "1).</p>\n"
            ),
        ),
        (
            "actions",
            "Les actions",
            (
                "\n"
                "<p>Avec trois nombres différents, choisissez l'une de ces actions :</p>\n"
                "<dl>\n"
                "<dt>Déplacer</dt>\n"
                "<dd>Déplacez un jeton du sujet de l'une des deux zones vers une case "
                "libre de l'autre.</dd>\n"
                "<dt>Prendre</dt>\n"
                "<dd>Prenez deux jetons du sujet dans la réserve et mettez-en un dans "
                "chacune des deux zones. Les deux\n"
                "zones doivent avoir une case libre et la réserve deux jetons.</dd>\n"
                "<dt>Connexion</dt>\n"
                "<dd>Examinez les nombres des dés un par un, dans l'ordre de votre choix "
                ": si votre zone de ce nombre et\n"
                "la zone de même nombre de votre partenaire contiennent au moins un "
                "jeton du même sujet, vous pouvez\n"
                "échanger un jeton avec lui. Vous donnez n'importe quel jeton de cette "
                "zone et votre partenaire vous en\n"
                "rend un des siens d'un autre sujet ; chacun choisit le jeton qu'il "
                "donne. La connexion est toujours\n"
                "permise, même quand elle ne change rien.</dd>\n"
                "</dl>\n"
                "<h3>Trois jetons du même sujet</h3>\n"
                "<p>Dès qu'une zone contient trois jetons du même sujet (sur n'importe "
                "quel plateau, même hors de son\n"
                "tour), le propriétaire du plateau agit :</p>\n"
                "<ul>\n"
                "<li>Si la rangée du haut a un emplacement libre et que ce sujet n'y est "
                "pas encore, l'un des trois\n"
                "monte. Si le partenaire a ce sujet sur un emplacement qui est libre "
                "dans votre rangée, il doit aller\n"
                "sur cet emplacement, pour que les rangées correspondent.</li>\n"
                "<li>Si le sujet est déjà dans la rangée du haut (et qu'un emplacement "
                "est libre), il ne se passe rien.</li>\n"
                "<li>Si la rangée du haut est pleine, le propriétaire doit placer le "
                "jeton à la place de l'un des jetons\n"
                "de la rangée, à son choix, qui retourne dans la réserve. C'est la seule "
                "façon pour un sujet\n"
                "d'apparaître deux fois.</li>\n"
                "</ul>\n"
            ),
        ),
        (
            "end",
            "Fin de la partie et score",
            (
                "\n"
                "<ul>\n"
                "<li><strong>Une seule paire :</strong> la partie s'arrête dès que les "
                "deux rangées du haut\n"
                "correspondent ; la paire marque le nombre du pion de score.</li>\n"
                "<li><strong>Plusieurs paires :</strong> les rangées sont comparées à la "
                "fin de chaque tour de table.\n"
                "Toute paire dont les rangées correspondent alors marque le nombre du "
                "pion, et la partie s'arrête.</li>\n"
                "<li><strong>Mode tournoi</strong> (plusieurs manches, choisi à "
                "l'ouverture de la table) : chaque manche\n"
                "repart de zéro et est commencée par une autre paire ; une paire qui a "
                "marqué arrête de jouer, et la\n"
                "manche continue jusqu'à ce que chaque paire ait marqué. Les totaux "
                "s'additionnent et le plus élevé\n"
                "gagne ; à total égal, la première place est partagée. Avec une seule "
                "paire, c'est la meilleure manche\n"
                "qui compte.</li>\n"
                "</ul>\n"
            ),
        ),
        (
            "here",
            "Jouer ici",
            (
                "\n"
                "<ul>\n"
                "<li>Les dés sont lancés pour vous. Quand vous avez un choix, cliquez "
                "sur un jeton, une zone ou un\n"
                "emplacement en surbrillance, ou sur le bouton de l'action voulue.</li>\n"
                "<li>Pendant une connexion, on demande à votre partenaire quel jeton il "
                "vous rend.</li>\n"
                "<li>Une décision qui n'a qu'une seule possibilité est prise pour "
                "vous.</li>\n"
                "</ul>\n"
            ),
        ),
    ],
    "notation": (
        "\n"
        "<p>Les sujets sont les lettres A à F, les zones les nombres 1 à 6, les "
        "emplacements du haut 1 à 4 ;\n"
        "<code>3C</code> est un C dans la zone 3.</p>\n"
        "<ul>\n"
        "<li><code>key CAFBED</code> : le dé 1 désigne C, le dé 2 désigne A, et ainsi de "
        "suite</li>\n"
        "<li><code>move C 1>6</code>, <code>take E 2 4</code>, <code>swap 2A "
        "5E</code></li>\n"
        "<li><code>connect</code>, <code>give 3C</code>, <code>done</code></li>\n"
        "<li><code>top 6>2</code> : un jeton de la zone 6 monte sur l'emplacement 2 ; "
        "<code>keep 6</code></li>\n"
        "</ul>\n"
    ),
    "figs": {
        "pg_board": {
            "caption": (
                "Un plateau individuel : la rangée du haut (deux emplacements occupés) "
                "au-dessus de six zones de trois cases. La zone 6 contient trois C : un "
                "C monte donc sur un emplacement libre."
            ),
            "aria": (
                "Un plateau individuel. En haut, une rangée de quatre emplacements "
                "numérotés de 1 à 4 ; l'emplacement 1 contient B et l'emplacement 2 "
                "contient E. En dessous, six zones numérotées de 1 à 6 sur deux rangées "
                "de trois, chacune avec trois cases. La zone 1 contient A et C, la zone "
                "2 F, la zone 3 est vide, la zone 4 contient D et B, la zone 5 E et la "
                "zone 6 trois C. Une flèche mène de la zone 6 à la rangée du haut."
            ),
            "top": "rangée du haut",
            "zone": "zone",
            "up": "trois C : un monte",
        },
        "pg_shared": {
            "caption": (
                "Le plateau commun : la clé (ici le dé 1 désigne C, le 2 A, le 3 F, le 4 "
                "B, le 5 E, le 6 D) et la réserve, 11 jetons par sujet."
            ),
            "aria": (
                "Un plateau commun. La rangée de la clé montre les nombres de dé 1 à 6 "
                "avec en dessous les sujets C, A, F, B, E et D. La rangée de la réserve "
                "montre les sujets A à F, onze jetons chacun."
            ),
            "key": "clé",
            "supply": "réserve",
        },
    },
}

CONTENT["es"] = {
    "credit": (
        "Basado en una hoja de reglas italiana sin título; el nombre «Connect Pairs» es "
        "nuestro. 2 jugadores, o 4, 6 u 8 en parejas."
    ),
    "lead": (
        "Un juego para parejas. Cada compañero juega en su propio tablero y juntos "
        "intentan formar <strong>la misma fila de cuatro fichas</strong> en la parte "
        "superior de ambos tableros, lo antes posible. Los compañeros se ayudan con una "
        "<strong>conexión</strong>; las parejas nunca pueden estorbarse entre sí."
    ),
    "note": (
        "\n"
        "<p><strong>Nuestra disposición.</strong> Las ilustraciones de la hoja de reglas "
        "se han perdido, así que la\n"
        "disposición de los tableros que se ve aquí y en la mesa (el tablero compartido "
        "con su clave y su\n"
        "reserva, el tablero individual con su fila superior sobre seis zonas) es un "
        "diseño del proyecto.</p>\n"
    ),
    "sections": [
        (
            "need",
            "Qué se necesita",
            (
                "\n"
                "<ul>\n"
                "<li>Jugadores en parejas de compañeros: 2, 4, 6 u 8 jugadores.</li>\n"
                "<li>Para cada pareja: 72 fichas de seis <strong>motivos</strong>, de la "
                "A a la F (12 de cada uno), un\n"
                "<strong>tablero compartido</strong>, dos <strong>tableros "
                "individuales</strong> y tres dados.</li>\n"
                "<li>El tablero compartido tiene la <strong>clave</strong> (seis "
                "espacios numerados del 1 al 6) y un\n"
                "espacio de reserva por motivo.</li>\n"
                "<li>Un tablero individual tiene seis <strong>zonas</strong> numeradas "
                "del 1 al 6, de tres espacios cada\n"
                "una, y una <strong>fila superior</strong> de cuatro huecos.</li>\n"
                "<li>Un <strong>peón marcador</strong>, en el tablero compartido de la "
                "primera pareja, que empieza en 100.</li>\n"
                "</ul>\n"
                "[[fig:pg_board]]\n"
            ),
        ),
        (
            "goal",
            "El objetivo",
            (
                "\n"
                "<p>Llenar las filas superiores de los dos compañeros con <strong>las "
                "mismas cuatro fichas en el mismo\n"
                "orden</strong>, hueco por hueco (un motivo puede aparecer dos veces). "
                "La pareja gana entonces el número\n"
                "en el que está el peón marcador: cuanto antes, más puntos.</p>\n"
            ),
        ),
        (
            "setup",
            "Preparación",
            (
                "\n"
                "<ol>\n"
                "<li><strong>La clave:</strong> cada pareja coloca una ficha de cada "
                "motivo en los espacios 1 a 6 de su\n"
                "tablero compartido, en el orden que quiera; aquí la elige el primer "
                "jugador de la pareja. Un dado que\n"
                "muestra un número indica entonces el motivo que está en ese espacio de "
                "la clave.</li>\n"
                "<li>Las otras 11 fichas de cada motivo van a la reserva. Los tableros "
                "individuales empiezan vacíos; el\n"
                "peón marcador empieza en 100.</li>\n"
                "<li>Quién empieza se sortea; después los turnos siguen el orden de los "
                "asientos, pareja tras pareja.</li>\n"
                "</ol>\n"
                "[[fig:pg_shared]]\n"
            ),
        ),
        (
            "turn",
            "Un turno",
            (
                "\n"
                "<p>Tira los tres dados (la mesa los tira por ti). Luego:</p>\n"
                "<ul>\n"
                "<li><strong>Tres números iguales</strong> (por ejemplo 4-4-4): pierdes "
                "todas las fichas de tu zona 4, que\n"
                "vuelven a la reserva. Tu fila superior no se toca.</li>\n"
                "<li><strong>Dos números iguales</strong> (por ejemplo 2-2-5): "
                "intercambia una ficha de tu zona 2 con una\n"
                "ficha de otro motivo de tu zona 5. Si una de las dos zonas está vacía, "
                "mueve a ella una ficha que\n"
                "elijas de la otra zona. Si no se puede ninguna de las dos cosas, no "
                "pasa nada.</li>\n"
                "<li><strong>Tres números distintos:</strong> elige un dado como dado de "
                "motivo (indica el motivo de ese\n"
                "espacio de la clave); los otros dos dados indican dos de tus zonas. "
                "Luego haz una de las acciones de\n"
                "abajo.</li>\n"
                "</ul>\n"
                "<p>No se puede saltar el turno. Después de cada vuelta, cuando todos "
                "han jugado una vez, el peón marcador\n"
                "baja una casilla (100, 99, 98…; se detiene en 1).</p>\n"
            ),
        ),
        (
            "actions",
            "Las acciones",
            (
                "\n"
                "<p>Con tres números distintos, elige una de estas:</p>\n"
                "<dl>\n"
                "<dt>Mover</dt>\n"
                "<dd>Mueve una ficha del motivo de una de las dos zonas a un espacio "
                "libre de la otra.</dd>\n"
                "<dt>Tomar</dt>\n"
                "<dd>Toma dos fichas del motivo de la reserva y pon una en cada una de "
                "las dos zonas. Ambas zonas\n"
                "necesitan un espacio libre y la reserva dos fichas.</dd>\n"
                "<dt>Conexión</dt>\n"
                "<dd>Mira los números de los dados uno a uno, en el orden que prefieras: "
                "si tu zona de ese número y la\n"
                "zona del mismo número de tu compañero tienen al menos una ficha del "
                "mismo motivo, puedes intercambiar\n"
                "una ficha con él. Tú das cualquier ficha de esa zona y tu compañero te "
                "devuelve una suya de otro\n"
                "motivo; cada uno elige la ficha que da. La conexión siempre está "
                "permitida, aunque no cambie nada.</dd>\n"
                "</dl>\n"
                "<h3>Tres fichas del mismo motivo</h3>\n"
                "<p>En cuanto una zona tiene tres fichas del mismo motivo (en cualquier "
                "tablero, incluso fuera de tu\n"
                "turno), actúa el dueño del tablero:</p>\n"
                "<ul>\n"
                "<li>Si la fila superior tiene un hueco libre y ese motivo aún no está "
                "en ella, una de las tres sube. Si\n"
                "el compañero tiene ese motivo en un hueco que en tu fila está libre, "
                "debe ir a ese hueco, para que las\n"
                "filas coincidan.</li>\n"
                "<li>Si el motivo ya está en la fila superior (y hay un hueco libre), no "
                "pasa nada.</li>\n"
                "<li>Si la fila superior está llena, el dueño debe poner la ficha en "
                "lugar de una de las de la fila, a\n"
                "su elección, que vuelve a la reserva. Solo así un motivo puede aparecer "
                "dos veces.</li>\n"
                "</ul>\n"
            ),
        ),
        (
            "end",
            "Final de la partida y puntuación",
            (
                "\n"
                "<ul>\n"
                "<li><strong>Una pareja:</strong> la partida termina en el momento en "
                "que las dos filas superiores\n"
                "coinciden; la pareja gana el número del peón marcador.</li>\n"
                "<li><strong>Varias parejas:</strong> las filas se comparan al final de "
                "cada vuelta. Toda pareja cuyas\n"
                "filas coincidan entonces gana el número del peón, y la partida "
                "termina.</li>\n"
                "<li><strong>Modo torneo</strong> (varias mangas, elegido al abrir la "
                "mesa): cada manga empieza de cero y\n"
                "la comienza otra pareja; una pareja que ya ha puntuado deja de jugar, y "
                "la manga sigue hasta que todas\n"
                "las parejas han puntuado. Los totales se suman y gana el más alto; con "
                "totales iguales el primer puesto\n"
                "se comparte. Con una sola pareja cuenta la mejor manga.</li>\n"
                "</ul>\n"
            ),
        ),
        (
            "here",
            "Cómo se juega aquí",
            (
                "\n"
                "<ul>\n"
                "<li>Los dados se tiran por ti. Cuando tienes que elegir, haz clic en "
                "una ficha, una zona o un hueco\n"
                "resaltados, o en el botón de la acción que quieras.</li>\n"
                "<li>Durante una conexión se le pregunta a tu compañero qué ficha te "
                "devuelve.</li>\n"
                "<li>Una decisión con una sola posibilidad se toma por ti.</li>\n"
                "</ul>\n"
            ),
        ),
    ],
    "notation": (
        "\n"
        "<p>Los motivos son las letras de la A a la F, las zonas los números del 1 al 6 "
        "y los huecos superiores\n"
        "del 1 al 4; <code>3C</code> es una C en la zona 3.</p>\n"
        "<ul>\n"
        "<li><code>key CAFBED</code>: el dado 1 indica C, el dado 2 indica A, y así "
        "sucesivamente</li>\n"
        "<li><code>move C 1>6</code>, <code>take E 2 4</code>, <code>swap 2A "
        "5E</code></li>\n"
        "<li><code>connect</code>, <code>give 3C</code>, <code>done</code></li>\n"
        "<li><code>top 6>2</code>: una ficha de la zona 6 sube al hueco 2; <code>keep "
        "6</code></li>\n"
        "</ul>\n"
    ),
    "figs": {
        "pg_board": {
            "caption": (
                "Un tablero individual: la fila superior (dos huecos ocupados) sobre "
                "seis zonas de tres espacios. La zona 6 tiene tres C, así que una C sube "
                "a un hueco libre de la fila superior."
            ),
            "aria": (
                "Un tablero individual. Arriba, una fila de cuatro huecos numerados del "
                "1 al 4; el hueco 1 tiene una B y el hueco 2 una E. Debajo, seis zonas "
                "numeradas del 1 al 6 en dos filas de tres, cada una con tres espacios. "
                "La zona 1 tiene A y C, la zona 2 F, la zona 3 está vacía, la zona 4 "
                "tiene D y B, la zona 5 E y la zona 6 tres C. Una flecha va de la zona 6 "
                "a la fila superior."
            ),
            "top": "fila superior",
            "zone": "zona",
            "up": "tres C: una sube",
        },
        "pg_shared": {
            "caption": (
                "El tablero compartido: la clave (aquí el dado 1 indica C, el 2 A, el 3 "
                "F, el 4 B, el 5 E, el 6 D) y la reserva, 11 fichas de cada motivo."
            ),
            "aria": (
                "Un tablero compartido. La fila de la clave muestra los números del dado "
                "del 1 al 6 con los motivos C, A, F, B, E y D debajo. La fila de la "
                "reserva muestra los motivos de la A a la F, once fichas de cada uno."
            ),
            "key": "clave",
            "supply": "reserva",
        },
    },
}
