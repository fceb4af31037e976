"""CO'NNN'ECT: rules page content (docs/rules/connnect.md; terms from the EN and DE rulebooks)."""

CONTENT = {}

CONTENT["en"] = {
    "credit": "<cite>CO'NNN'ECT</cite> by Sarawut Jirawaree (Four Comma Game). 2 to 4 players; "
    "here also solo.",
    "lead": "A roll-and-write game. Each round the dice give you two numbers to write on your own "
    "sheet; "
    "then you claim groups of adjacent numbers that are equal or in order (<strong>Connect "
    "3</strong>, "
    "<strong>Connect 4</strong> and <strong>Connect 5</strong>) for points and bonuses.",
    "note": """
<p><strong>Our reconstruction.</strong> The rulebooks we could use had lost all their pictures. The
layout of the Player Sheet (order of the zones, Circles, setup spaces, arrow lines), the contents of
the bonus sections, the Connect-4 shapes other than the L, the eight Connect-5 Shape Cards, the
Objective Cards and the Free Action penalties are the project's own designs, not the printed \
ones.</p>
""",
    "sections": [
        (
            "need",
            "What you need",
            """
<ul>
<li>2 to 4 players, each with a <strong>Player Sheet</strong>. With 1 player the game is a solo \
score
attack (our addition).</li>
<li>3 dice.</li>
<li>8 <strong>Connect-5 Shape Cards</strong> (4 are dealt face up), 4 <strong>Connect-5 Score
Cards</strong> (16 on top, then 14, 13, 12) and 14 <strong>Objective Cards</strong> in three decks:
A (4 points), B (6 points), C (8 points).</li>
</ul>
<h3>The Player Sheet</h3>
<ul>
<li>A play area of 6 × 6 spaces: columns a to f, rows 1 to 6 from the top.</li>
<li>Six <strong>zones</strong>: zones 1, 2 and 3 are pairs of columns (a–b, c–d, e–f); zones 4, 5 \
and 6
are pairs of rows (1–2, 3–4, 5–6). Each space lies in one column zone and one row zone.</li>
<li>Nine <strong>Circles</strong>, one in the middle of each 2 × 2 block; two <strong>arrow
lines</strong> (row 6 and column f); six <strong>setup spaces</strong> (a1, a2, a3, b4, d4, \
f4).</li>
<li>Also: the Round Tracker, the Connect-3 and Connect-4 bonus sections, two markers under each
Connect-4 shape, four Connect-5 boxes and the Free Action track.</li>
</ul>
[[fig:cn_sheet]]
""",
        ),
        (
            "goal",
            "The goal",
            """
<p>Have the most points after twelve rounds.</p>
""",
        ),
        (
            "setup",
            "Setup",
            """
<p>Four Connect-5 Shape Cards are dealt face up, one Objective Card from each deck, and the first
player is drawn at random. The first player then rolls the three dice twice; after each roll, every
player writes the three numbers in any free setup spaces. These numbers can be claimed like any
others. (Variant, chosen when the table is opened: each player rolls their own six setup \
numbers.)</p>
""",
        ),
        (
            "turn",
            "A round",
            """
<p>The game lasts 12 rounds of three phases. In the Fill and Claim Phases everyone acts at the same
time; you see what the others did when the phase is over.</p>
<ol>
<li><strong>Roll Phase.</strong> The active player rolls the three dice and chooses one as the
<strong>Zone Die</strong>; the other two are the <strong>Number Dice</strong>. Everyone notes \
them on
the Round Tracker.</li>
<li><strong>Fill Phase.</strong> Everyone must write both Number Dice numbers in empty spaces of the
zone shown by the Zone Die, in any order, not necessarily next to each other. One number per \
space.</li>
<li><strong>Claim Phase.</strong> Everyone may claim Connects (see below), as many as they \
like.</li>
<li><strong>End of the round.</strong> If anyone claimed a Connect 5, the top Score Card is removed.
Each player who meets an Objective Card scores its points (each card once per player). The dice pass
to the left: that player is the next active player.</li>
</ol>
""",
        ),
        (
            "actions",
            "Writing, claiming and bonuses",
            """
<h3>Free Action</h3>
<p>In the Fill Phase a Free Action lets you write a different number instead of a die's number (only
while your zone still has an empty space), or drop a number when your zone is full. Each use crosses
out the leftmost box of your Free Action track; you have 7. If you must write a number, cannot, have
no Free Action left and no bonus helps, you are <strong>out of the game</strong> and cannot win.</p>
<h3>Circles and Connected Lines</h3>
<p>When all four spaces around a Circle hold numbers, the Circle is filled: 1 point. Three filled
Circles in a straight line (row, column or diagonal) make a Connected Line: 2 more points. A filled
Circle stays filled.</p>
<h3>Claiming Connects</h3>
<p>A Connect is a group of spaces, side by side, that forms one of the shapes below (turned or
mirrored as you like). Its numbers must be <strong>all the same</strong>, or <strong>in \
order</strong>:
there is a path through all its spaces along which each number is one more than the one before
(1-2-3 or, read the other way, 3-2-1; 6 is not followed by 1). Each number can be used in only one
claim in the whole game. You may claim at once or in a later round.</p>
<ul>
<li><strong>Connect 3</strong> (a line or an L): circle a bonus in your Connect-3 section.</li>
<li><strong>Connect 4</strong> (I, O, T, L, S; the T only with equal numbers): the first time anyone
claims a shape, the claimer fills its ★3 marker and the other players cross theirs out (everyone who
claims it in that same round gets the ★3). Later claims fill the 1-point marker. In every case, then
circle a bonus in your Connect-4 section.</li>
<li><strong>Connect 5</strong>: the shape of a face-up Shape Card. Write its letter in your first \
free
Connect-5 box with the points of the top Score Card (16, then 14, 13, 12); everyone claiming a
Connect 5 in the same round gets the same points. Claimed cards turn face down at the end of the
phase and can never be claimed again. No bonus.</li>
</ul>
[[fig:cn_shapes]]
<h3>Bonuses</h3>
<p>Circled bonuses give their ★ points at the end of the game, used or not. You use them in the Fill
or Claim Phase and then cross them out. Bonuses marked ⚡ must be used at once.</p>
<ul>
<li><strong>Move Number:</strong> cross out a number not yet claimed and write it again in any \
empty space.</li>
<li><strong>Switch Zone:</strong> swap the Zone Die with one Number Die: that die's number \
becomes your
zone, and you write the old zone's number instead. Only before you write the first number of the \
round.</li>
<li><strong>Adjust:</strong> add or subtract 1 or 2 to one number (6 + 1 = 1, 1 − 1 = 6).</li>
<li><strong>Reuse:</strong> one claim may include one number that is already claimed.</li>
<li><strong>Write any 2 numbers ⚡:</strong> write two numbers of your choice in this round's \
zone.</li>
<li><strong>Write a number ⚡:</strong> write the number shown anywhere.</li>
<li><strong>Score 6:</strong> 6 points at the end (always counts as used).</li>
</ul>
""",
        ),
        (
            "end",
            "End of the game and scoring",
            """
<p>After round 12 everyone adds up:</p>
<ul>
<li><strong>Connect 3:</strong> the ★ of your circled Connect-3 bonuses;</li>
<li><strong>Connect 4:</strong> the ★ of your circled Connect-4 bonuses, plus 3 for each filled \
first
marker and 1 for each filled later marker;</li>
<li><strong>Connect 5:</strong> the points in your Connect-5 boxes;</li>
<li><strong>each arrow line:</strong> 8 points for 1 to 6 in order (either direction) or six equal
numbers, with no crossed-out space; 6 points for 1 to 6 in another order, with no crossed-out space;
3 points if it is just full;</li>
<li><strong>Circles:</strong> 1 point per filled Circle and 2 per Connected Line;</li>
<li><strong>objectives:</strong> the points of the Objective Cards you met;</li>
<li><strong>minus</strong> the Free Action penalty: 0, 1, 2, 3, 5, 7, 10 or 13 after 0 to 7 \
uses.</li>
</ul>
<p>The most points wins. On a tie, the player with fewer minus points wins; if still tied, the \
victory
is shared.</p>
""",
        ),
        (
            "here",
            "How to play here",
            """
<ul>
<li>Roll Phase: the active player chooses the Zone Die.</li>
<li>Fill Phase: click a highlighted space of your zone for each number. Free Actions and bonuses are
offered when you can use them.</li>
<li>Claim Phase: choose the spaces of a shape, then your bonus; say you are done when you have \
finished
claiming. When nothing is left for you to decide, the table moves on by itself.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Spaces are named <code>a1</code> (top left) to <code>f6</code> (bottom right).</p>
<ul>
<li><code>zone 4</code>: choose the Zone Die showing 4</li>
<li><code>write 2 b1</code>, <code>change 2 3</code>, <code>skip 5</code> (Free Actions)</li>
<li><code>switch 5</code>, <code>adjust b2 +1</code>, <code>move b2</code> (bonuses)</li>
<li><code>claim L4 e1 e2 e3 f3</code>, <code>take 3</code> (bonus space 3), <code>done</code></li>
</ul>
""",
    "figs": {
        "cn_sheet": {
            "caption": "The play area: zones 1–3 are pairs of columns, zones 4–6 pairs of rows. "
            "The six setup "
            "numbers are written; the top-left Circle is filled, and three 5s form a claimed "
            "Connect 3 (an L).",
            "aria": "A 6 by 6 grid with columns a to f and rows 1 to 6. Thick lines split it into "
            "2 by 2 "
            "blocks; column pairs are zones 1, 2, 3 and row pairs zones 4, 5, 6. Nine small "
            "circles sit at "
            "the centres of the blocks; the top-left one is filled because a1, b1, a2 and b2 hold "
            "numbers. "
            "Setup spaces a1, a2, a3, b4, d4, f4 are tinted. The numbers 5 in c1, d1 and d2 are "
            "outlined as "
            "a claimed L-shaped Connect 3. Arrows mark row 6 and column f as arrow lines.",
            "zone": "zone",
            "setup": "setup space",
            "circle": "Circle",
            "filled": "filled Circle",
            "arrow": "arrow line",
            "claim": "claimed Connect",
            "edge": "zone border",
        },
        "cn_shapes": {
            "caption": "The shapes: Connect 3 (line, L), Connect 4 (I, O, T, L, S) and the eight "
            "Connect-5 Shape "
            "Cards A to H, four of which are in play. Every shape may be turned or mirrored.",
            "aria": "Small drawings of shapes made of squares: two Connect 3 shapes, a line and an "
            "L; five "
            "Connect 4 shapes, I, O, T, L and S; and eight Connect 5 shapes lettered A to H.",
            "cards": "Connect 5: cards A–H",
        },
    },
}

CONTENT["it"] = {
    "credit": "<cite>CO'NNN'ECT</cite> di Sarawut Jirawaree (Four Comma Game). Da 2 a 4 giocatori; "
    "qui anche in solitario.",
    "lead": "Un gioco «tira e scrivi». A ogni round i dadi ti danno due numeri da scrivere sul tuo "
    "foglio; "
    "poi rivendichi gruppi di numeri adiacenti uguali o in sequenza (<strong>Connect 3</strong>, "
    "<strong>Connect 4</strong> e <strong>Connect 5</strong>) per ottenere punti e bonus.",
    "note": """
<p><strong>La nostra ricostruzione.</strong> I regolamenti a nostra disposizione avevano perso \
tutte le
immagini. La disposizione del foglio (ordine delle zone, cerchi, spazi iniziali, linee con \
freccia), il
contenuto delle sezioni bonus, le forme Connect 4 diverse dalla L, le otto carte Forma Connect 5, le
carte Obiettivo e le penalità delle azioni libere sono progetti nostri, non quelli stampati.</p>
""",
    "sections": [
        (
            "need",
            "Cosa serve",
            """
<ul>
<li>Da 2 a 4 giocatori, ognuno con un <strong>foglio giocatore</strong>. Con 1 giocatore si gioca in
solitario per il punteggio (un'aggiunta nostra).</li>
<li>3 dadi.</li>
<li>8 <strong>carte Forma Connect 5</strong> (4 scoperte), 4 <strong>carte Punti Connect \
5</strong> (16 in
cima, poi 14, 13, 12) e 14 <strong>carte Obiettivo</strong> in tre mazzi: A (4 punti), B (6 \
punti), C
(8 punti).</li>
</ul>
<h3>Il foglio giocatore</h3>
<ul>
<li>Un'area di gioco di 6 × 6 spazi: colonne da a a f, righe da 1 a 6 dall'alto.</li>
<li>Sei <strong>zone</strong>: le zone 1, 2 e 3 sono coppie di colonne (a–b, c–d, e–f); le zone \
4, 5 e 6
coppie di righe (1–2, 3–4, 5–6). Ogni spazio appartiene a una zona di colonne e a una di righe.</li>
<li>Nove <strong>cerchi</strong>, uno al centro di ogni blocco 2 × 2; due <strong>linee con
freccia</strong> (riga 6 e colonna f); sei <strong>spazi iniziali</strong> (a1, a2, a3, b4, d4, \
f4).</li>
<li>Inoltre: il segnaround, le sezioni bonus Connect 3 e Connect 4, due indicatori sotto ogni forma
Connect 4, quattro caselle Connect 5 e la striscia delle azioni libere.</li>
</ul>
[[fig:cn_sheet]]
""",
        ),
        (
            "goal",
            "Lo scopo",
            """
<p>Avere più punti dopo dodici round.</p>
""",
        ),
        (
            "setup",
            "Preparazione",
            """
<p>Si scoprono quattro carte Forma Connect 5 e una carta Obiettivo per mazzo, e si sorteggia il \
primo
giocatore. Il primo giocatore tira poi i tre dadi due volte; dopo ogni tiro tutti scrivono i tre
numeri in spazi iniziali liberi a scelta. Questi numeri si possono rivendicare come gli altri.
(Variante, scelta all'apertura del tavolo: ognuno tira i propri sei numeri iniziali.)</p>
""",
        ),
        (
            "turn",
            "Il round",
            """
<p>La partita dura 12 round, ciascuno in tre fasi. Nelle fasi di riempimento e di rivendicazione
tutti agiscono contemporaneamente; vedi cosa hanno fatto gli altri solo a fase conclusa.</p>
<ol>
<li><strong>Fase di lancio.</strong> Il giocatore attivo tira i tre dadi e ne sceglie uno come
<strong>dado zona</strong>; gli altri due sono i <strong>dadi numero</strong>. Tutti li annotano sul
segnaround.</li>
<li><strong>Fase di riempimento.</strong> Tutti devono scrivere i numeri dei due dadi numero in \
spazi
vuoti della zona indicata dal dado zona, in qualsiasi ordine, non per forza vicini. Un numero per \
spazio.</li>
<li><strong>Fase di rivendicazione.</strong> Tutti possono rivendicare dei Connect (vedi sotto), \
quanti
ne vogliono.</li>
<li><strong>Fine del round.</strong> Se qualcuno ha rivendicato un Connect 5, si toglie la carta \
Punti in
cima. Chi soddisfa una carta Obiettivo ne segna i punti (ogni carta una volta per giocatore). I dadi
passano a sinistra: quel giocatore diventa il nuovo giocatore attivo.</li>
</ol>
""",
        ),
        (
            "actions",
            "Scrivere, rivendicare, bonus",
            """
<h3>Azione libera</h3>
<p>Nella fase di riempimento un'azione libera ti permette di scrivere un numero diverso da quello \
di un
dado (solo finché la tua zona ha uno spazio vuoto), oppure di scartare un numero quando la tua \
zona è
piena. Ogni uso barra la casella più a sinistra della tua striscia; ne hai 7. Se devi scrivere un
numero, non puoi, non hai più azioni libere e nessun bonus ti aiuta, sei <strong>fuori dal
gioco</strong> e non puoi vincere.</p>
<h3>Cerchi e linee connesse</h3>
<p>Quando i quattro spazi attorno a un cerchio contengono numeri, il cerchio è riempito: 1 punto. \
Tre
cerchi riempiti in linea retta (riga, colonna o diagonale) formano una linea connessa: altri 2 \
punti.
Un cerchio riempito resta riempito.</p>
<h3>Rivendicare i Connect</h3>
<p>Un Connect è un gruppo di spazi affiancati che forma una delle forme qui sotto (ruotata o
specchiata a piacere). I suoi numeri devono essere <strong>tutti uguali</strong>, oppure <strong>in
sequenza</strong>: un percorso attraverso tutti gli spazi in cui ogni numero è di uno più alto del
precedente (1-2-3 oppure, letto al contrario, 3-2-1; dopo il 6 non viene l'1). Ogni numero si può
usare in una sola rivendicazione in tutta la partita. Puoi rivendicare subito o in un round \
successivo.</p>
<ul>
<li><strong>Connect 3</strong> (linea o L): cerchia un bonus nella tua sezione Connect 3.</li>
<li><strong>Connect 4</strong> (I, O, T, L, S; la T solo con numeri uguali): la prima volta che \
qualcuno
rivendica una forma, riempie il suo indicatore ★3 e gli altri barrano il proprio (tutti quelli \
che la
rivendicano nello stesso round ottengono ★3). Le rivendicazioni successive riempiono l'indicatore \
da 1
punto. In ogni caso, poi cerchia un bonus nella tua sezione Connect 4.</li>
<li><strong>Connect 5</strong>: la forma di una carta Forma scoperta. Scrivi la sua lettera nella \
prima
casella Connect 5 libera con i punti della carta Punti in cima (16, poi 14, 13, 12); chi \
rivendica un
Connect 5 nello stesso round ottiene gli stessi punti. Le carte rivendicate si girano a fine fase e
non si possono più rivendicare. Nessun bonus.</li>
</ul>
[[fig:cn_shapes]]
<h3>I bonus</h3>
<p>I bonus cerchiati danno i loro punti ★ a fine partita, usati o no. Si usano nella fase di
riempimento o di rivendicazione e poi si barrano. I bonus con ⚡ vanno usati subito.</p>
<ul>
<li><strong>Sposta numero:</strong> barra un numero non ancora rivendicato e riscrivilo in uno \
spazio vuoto qualsiasi.</li>
<li><strong>Cambia zona:</strong> scambia il dado zona con un dado numero: il numero di quel dado \
diventa
la tua zona e al suo posto scrivi il numero della vecchia zona. Solo prima di scrivere il primo \
numero del round.</li>
<li><strong>Aggiusta:</strong> aggiungi o togli 1 o 2 a un numero (6 + 1 = 1, 1 − 1 = 6).</li>
<li><strong>Riusa:</strong> una rivendicazione può includere un numero già rivendicato.</li>
<li><strong>Scrivi 2 numeri ⚡:</strong> scrivi due numeri a scelta nella zona di questo round.</li>
<li><strong>Scrivi un numero ⚡:</strong> scrivi il numero raffigurato dove vuoi.</li>
<li><strong>6 punti:</strong> 6 punti a fine partita (conta sempre come usato).</li>
</ul>
""",
        ),
        (
            "end",
            "Fine della partita e punteggio",
            """
<p>Dopo il dodicesimo round ognuno somma:</p>
<ul>
<li><strong>Connect 3:</strong> le ★ dei bonus Connect 3 cerchiati;</li>
<li><strong>Connect 4:</strong> le ★ dei bonus Connect 4 cerchiati, più 3 per ogni primo indicatore
riempito e 1 per ogni indicatore successivo riempito;</li>
<li><strong>Connect 5:</strong> i punti nelle caselle Connect 5;</li>
<li><strong>ogni linea con freccia:</strong> 8 punti se contiene da 1 a 6 in ordine (in un senso o
nell'altro) o sei numeri uguali, senza spazi barrati; 6 punti se contiene da 1 a 6 in un altro \
ordine,
senza spazi barrati; 3 punti se è soltanto piena;</li>
<li><strong>cerchi:</strong> 1 punto per cerchio riempito e 2 per linea connessa;</li>
<li><strong>obiettivi:</strong> i punti delle carte Obiettivo soddisfatte;</li>
<li><strong>meno</strong> la penalità delle azioni libere: 0, 1, 2, 3, 5, 7, 10 o 13 dopo 0–7 \
usi.</li>
</ul>
<p>Vince chi ha più punti. In caso di parità vince chi ha meno punti negativi; se la parità \
resta, la
vittoria è condivisa.</p>
""",
        ),
        (
            "here",
            "Come si gioca qui",
            """
<ul>
<li>Fase di lancio: il giocatore attivo sceglie il dado zona.</li>
<li>Fase di riempimento: fai clic su uno spazio evidenziato della tua zona per ogni numero. Azioni
libere e bonus vengono proposti quando puoi usarli.</li>
<li>Fase di rivendicazione: scegli gli spazi di una forma, poi il bonus; dichiara di aver finito \
quando
non vuoi più rivendicare. Quando non ti resta nulla da decidere, il tavolo va avanti da solo.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Gli spazi vanno da <code>a1</code> (in alto a sinistra) a <code>f6</code> (in basso a \
destra).</p>
<ul>
<li><code>zone 4</code>: scegliere come dado zona il dado che mostra 4</li>
<li><code>write 2 b1</code>, <code>change 2 3</code>, <code>skip 5</code> (azioni libere)</li>
<li><code>switch 5</code>, <code>adjust b2 +1</code>, <code>move b2</code> (bonus)</li>
<li><code>claim L4 e1 e2 e3 f3</code>, <code>take 3</code> (spazio bonus 3), <code>done</code></li>
</ul>
""",
    "figs": {
        "cn_sheet": {
            "caption": "L'area di gioco: le zone 1–3 sono coppie di colonne, le zone 4–6 coppie di "
            "righe. I sei "
            "numeri iniziali sono scritti; il cerchio in alto a sinistra è riempito e tre 5 "
            "formano un "
            "Connect 3 rivendicato (una L).",
            "aria": "Una griglia 6 per 6 con colonne da a a f e righe da 1 a 6. Linee spesse la "
            "dividono in "
            "blocchi 2 per 2; le coppie di colonne sono le zone 1, 2, 3 e le coppie di righe le "
            "zone 4, 5, 6. "
            "Nove piccoli cerchi stanno al centro dei blocchi; quello in alto a sinistra è "
            "riempito perché "
            "a1, b1, a2 e b2 contengono numeri. Gli spazi iniziali a1, a2, a3, b4, d4, f4 sono "
            "colorati. I "
            "numeri 5 in c1, d1 e d2 sono contornati come un Connect 3 a L rivendicato. Delle "
            "frecce "
            "segnano la riga 6 e la colonna f come linee con freccia.",
            "zone": "zona",
            "setup": "spazio iniziale",
            "circle": "cerchio",
            "filled": "cerchio riempito",
            "arrow": "linea con freccia",
            "claim": "Connect rivendicato",
            "edge": "bordo di zona",
        },
        "cn_shapes": {
            "caption": "Le forme: Connect 3 (linea, L), Connect 4 (I, O, T, L, S) e le otto carte "
            "Forma Connect 5, "
            "da A a H, di cui quattro in gioco. Ogni forma si può ruotare o specchiare.",
            "aria": "Piccoli disegni di forme fatte di quadrati: due forme Connect 3, una linea e "
            "una L; cinque "
            "forme Connect 4, I, O, T, L e S; e otto forme Connect 5 con le lettere da A a H.",
            "cards": "Connect 5: carte A–H",
        },
    },
}

CONTENT["de"] = {
    "credit": "<cite>CO'NNN'ECT</cite> von Sarawut Jirawaree (Four Comma Game). 2 bis 4 Personen; "
    "hier auch solo.",
    "lead": "Ein Würfel- und Schreibspiel. In jeder Runde liefern die Würfel zwei Zahlen für dein "
    "eigenes "
    "Spielerblatt; dann beanspruchst du Gruppen benachbarter Zahlen, die gleich oder geordnet sind "
    "(<strong>Connect 3</strong>, <strong>Connect 4</strong> und <strong>Connect 5</strong>), für "
    "Punkte "
    "und Boni.",
    "note": """
<p><strong>Unsere Rekonstruktion.</strong> Den verfügbaren Regelheften fehlten alle Bilder. Der \
Aufbau
des Spielerblatts (Reihenfolge der Zonen, Kreise, Setup-Felder, Pfeillinien), der Inhalt der
Bonusabschnitte, die Connect-4-Formen außer dem L, die acht Connect-5-Formkarten, die Zielkarten und
die Minuspunkte der Freien Aktionen sind Entwürfe des Projekts, nicht die gedruckten.</p>
""",
    "sections": [
        (
            "need",
            "Was ihr braucht",
            """
<ul>
<li>2 bis 4 Personen mit je einem <strong>Spielerblatt</strong>. Zu einer Person ist es ein
Solo-Punktespiel (unsere Ergänzung).</li>
<li>3 Würfel.</li>
<li>8 <strong>Connect-5-Formkarten</strong> (4 liegen offen), 4 \
<strong>Connect-5-Punktekarten</strong>
(16 oben, dann 14, 13, 12) und 14 <strong>Zielkarten</strong> in drei Stapeln: A (4 Punkte), B (6
Punkte), C (8 Punkte).</li>
</ul>
<h3>Das Spielerblatt</h3>
<ul>
<li>Ein Spielbereich aus 6 × 6 Feldern: Spalten a bis f, Reihen 1 bis 6 von oben.</li>
<li>Sechs <strong>Zonen</strong>: Zonen 1, 2 und 3 sind Spaltenpaare (a–b, c–d, e–f), Zonen 4, 5 \
und 6
Reihenpaare (1–2, 3–4, 5–6). Jedes Feld liegt in einer Spalten- und einer Reihenzone.</li>
<li>Neun <strong>Kreise</strong>, einer in der Mitte jedes 2 × 2-Blocks; zwei Linien mit
<strong>Pfeilsymbol</strong> (Reihe 6 und Spalte f); sechs <strong>Setup-Felder</strong> (a1, a2, \
a3,
b4, d4, f4).</li>
<li>Außerdem: der Rundentracker, die Bonusabschnitte für Connect 3 und Connect 4, zwei Marker unter
jeder Connect-4-Form, vier Connect-5-Felder und die Freie Aktionsleiste.</li>
</ul>
[[fig:cn_sheet]]
""",
        ),
        (
            "goal",
            "Ziel des Spiels",
            """
<p>Nach zwölf Runden die meisten Punkte haben.</p>
""",
        ),
        (
            "setup",
            "Spielaufbau",
            """
<p>Vier Connect-5-Formkarten werden offen ausgelegt, von jedem Zielkartenstapel eine Karte, und die
Startperson wird ausgelost. Sie würfelt dann zweimal mit allen drei Würfeln; nach jedem Wurf \
schreiben
alle die drei Zahlen in beliebige freie Setup-Felder. Diese Zahlen können wie alle anderen
beansprucht werden. (Variante, beim Eröffnen des Tisches gewählt: Jede Person würfelt ihre eigenen
sechs Setup-Zahlen.)</p>
""",
        ),
        (
            "turn",
            "Eine Runde",
            """
<p>Das Spiel dauert 12 Runden mit je drei Phasen. In der Ausfüll- und der Anspruchsphase handeln \
alle
gleichzeitig; was die anderen getan haben, siehst du, wenn die Phase vorbei ist.</p>
<ol>
<li><strong>Würfelphase.</strong> Die aktive Person würfelt mit allen drei Würfeln und wählt \
einen als
<strong>Zonenwürfel</strong>; die anderen beiden sind die <strong>Zahlenwürfel</strong>. Alle tragen
sie im Rundentracker ein.</li>
<li><strong>Ausfüllphase.</strong> Alle müssen die Zahlen beider Zahlenwürfel in leere Felder der \
Zone
des Zonenwürfels eintragen, in beliebiger Reihenfolge, nicht unbedingt nebeneinander. Eine Zahl \
pro Feld.</li>
<li><strong>Anspruchsphase.</strong> Alle dürfen Verbindungen beanspruchen (siehe unten), so \
viele sie wollen.</li>
<li><strong>Ende der Runde.</strong> Wurde ein Connect 5 beansprucht, wird die oberste Punktekarte
entfernt. Wer eine Zielkarte erfüllt, trägt ihre Punkte ein (jede Karte einmal pro Person). Die \
Würfel
gehen nach links: Diese Person ist nun aktiv.</li>
</ol>
""",
        ),
        (
            "actions",
            "Eintragen, beanspruchen, Boni",
            """
<h3>Freie Aktion</h3>
<p>In der Ausfüllphase erlaubt dir eine Freie Aktion, eine andere Zahl als die eines Würfels
einzutragen (nur solange deine Zone ein leeres Feld hat) oder eine Zahl wegzulassen, wenn deine Zone
voll ist. Jede Nutzung streicht das linke Kästchen deiner Freien Aktionsleiste; du hast 7. Musst du
eine Zahl eintragen, kannst es nicht, hast keine Freie Aktion mehr und hilft kein Bonus, bist du
<strong>raus aus dem Spiel</strong> und kannst nicht gewinnen.</p>
<h3>Kreise und Verbundene Linien</h3>
<p>Stehen in allen vier Feldern um einen Kreis Zahlen, ist der Kreis gefüllt: 1 Punkt. Drei gefüllte
Kreise in gerader Linie (Reihe, Spalte oder Diagonale) ergeben eine Verbundene Linie: 2 weitere
Punkte. Ein gefüllter Kreis bleibt gefüllt.</p>
<h3>Verbindungen beanspruchen</h3>
<p>Eine Verbindung ist eine Gruppe aneinandergrenzender Felder, die eine der Formen unten bildet
(beliebig gedreht oder gespiegelt). Ihre Zahlen müssen <strong>alle gleich</strong> sein oder
<strong>geordnet</strong>: Es gibt einen Weg durch alle Felder, auf dem jede Zahl um eins größer ist
als die vorige (1-2-3 oder, andersherum gelesen, 3-2-1; auf 6 folgt nicht 1). Jede Zahl kann im
ganzen Spiel nur für eine Verbindung verwendet werden. Du darfst sofort oder in einer späteren Runde
beanspruchen.</p>
<ul>
<li><strong>Connect 3</strong> (Linie oder L): Umkreise einen Bonus in deinem \
Connect-3-Abschnitt.</li>
<li><strong>Connect 4</strong> (I, O, T, L, S; das T nur mit gleichen Zahlen): Beansprucht jemand \
eine
Form zum ersten Mal, füllt er ihren ★3-Marker aus, und alle anderen streichen ihren durch (wer \
sie in
derselben Runde beansprucht, bekommt ebenfalls ★3). Spätere Ansprüche füllen den 1-Punkt-Marker. In
jedem Fall umkreist du danach einen Bonus in deinem Connect-4-Abschnitt.</li>
<li><strong>Connect 5</strong>: die Form einer offenen Formkarte. Schreibe ihren Buchstaben in dein
oberstes freies Connect-5-Feld und die Punkte der obersten Punktekarte ins ★-Feld (16, dann 14, 13,
12); wer in derselben Runde ein Connect 5 beansprucht, bekommt dieselben Punkte. Beanspruchte Karten
werden am Ende der Phase umgedreht und können nicht mehr beansprucht werden. Kein Bonus.</li>
</ul>
[[fig:cn_shapes]]
<h3>Boni</h3>
<p>Umkreiste Boni bringen am Ende ihre ★-Punkte, ob benutzt oder nicht. Du setzt sie in der Ausfüll-
oder Anspruchsphase ein und streichst sie dann durch. Boni mit ⚡ müssen sofort benutzt werden.</p>
<ul>
<li><strong>Zahlenverschiebung:</strong> Streiche eine noch nicht beanspruchte Zahl durch und \
schreibe sie in ein beliebiges leeres Feld.</li>
<li><strong>Zonenwechsel:</strong> Tausche den Zonenwürfel mit einem Zahlenwürfel: Dessen Zahl \
wird deine
Zone, und stattdessen trägst du die Zahl der alten Zone ein. Nur bevor du die erste Zahl der \
Runde einträgst.</li>
<li><strong>Plus/Minus:</strong> Addiere oder subtrahiere 1 oder 2 bei einer Zahl (6 + 1 = 1, 1 − \
1 = 6).</li>
<li><strong>Wiederverwenden:</strong> Eine Verbindung darf eine bereits beanspruchte Zahl \
enthalten.</li>
<li><strong>Zwei beliebige Zahlen ⚡:</strong> Trage zwei Zahlen deiner Wahl in die Zone dieser \
Runde ein.</li>
<li><strong>Eine Zahl ⚡:</strong> Trage die abgebildete Zahl an beliebiger Stelle ein.</li>
<li><strong>6 Punkte:</strong> 6 Punkte am Ende (gilt immer als benutzt).</li>
</ul>
""",
        ),
        (
            "end",
            "Spielende und Wertung",
            """
<p>Nach der zwölften Runde zählen alle zusammen:</p>
<ul>
<li><strong>Connect 3:</strong> die ★ deiner umkreisten Connect-3-Boni;</li>
<li><strong>Connect 4:</strong> die ★ deiner umkreisten Connect-4-Boni, dazu 3 für jeden \
ausgefüllten
Erstmarker und 1 für jeden ausgefüllten späteren Marker;</li>
<li><strong>Connect 5:</strong> die Punkte in deinen Connect-5-Feldern;</li>
<li><strong>jede Pfeillinie:</strong> 8 Punkte für 1 bis 6 geordnet (in einer der beiden Richtungen)
oder sechs gleiche Zahlen, ohne durchgestrichenes Feld; 6 Punkte für 1 bis 6 in anderer Reihenfolge,
ohne durchgestrichenes Feld; 3 Punkte, wenn sie nur voll ist;</li>
<li><strong>Kreise:</strong> 1 Punkt pro gefülltem Kreis und 2 pro Verbundener Linie;</li>
<li><strong>Ziele:</strong> die Punkte der erfüllten Zielkarten;</li>
<li><strong>minus</strong> die Minuspunkte der Freien Aktionen: 0, 1, 2, 3, 5, 7, 10 oder 13 nach \
0 bis 7 Nutzungen.</li>
</ul>
<p>Wer die meisten Punkte hat, gewinnt. Bei Gleichstand gewinnt, wer weniger Minuspunkte hat; \
besteht
dann noch Gleichstand, wird der Sieg geteilt.</p>
""",
        ),
        (
            "here",
            "So spielt ihr hier",
            """
<ul>
<li>Würfelphase: Die aktive Person wählt den Zonenwürfel.</li>
<li>Ausfüllphase: Klicke für jede Zahl auf ein hervorgehobenes Feld deiner Zone. Freie Aktionen und
Boni werden angeboten, sobald du sie nutzen kannst.</li>
<li>Anspruchsphase: Wähle die Felder einer Form, dann deinen Bonus; melde dich fertig, wenn du \
nichts
mehr beanspruchen willst. Bleibt dir nichts zu entscheiden, geht der Tisch von selbst weiter.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Felder heißen <code>a1</code> (oben links) bis <code>f6</code> (unten rechts).</p>
<ul>
<li><code>zone 4</code>: den Würfel mit der 4 als Zonenwürfel wählen</li>
<li><code>write 2 b1</code>, <code>change 2 3</code>, <code>skip 5</code> (Freie Aktionen)</li>
<li><code>switch 5</code>, <code>adjust b2 +1</code>, <code>move b2</code> (Boni)</li>
<li><code>claim L4 e1 e2 e3 f3</code>, <code>take 3</code> (Bonusfeld 3), <code>done</code></li>
</ul>
""",
    "figs": {
        "cn_sheet": {
            "caption": "Der Spielbereich: Zonen 1–3 sind Spaltenpaare, Zonen 4–6 Reihenpaare. Die "
            "sechs "
            "Setup-Zahlen sind eingetragen; der Kreis oben links ist gefüllt, und drei Fünfen "
            "bilden ein "
            "beanspruchtes Connect 3 (ein L).",
            "aria": "Ein Raster aus 6 mal 6 Feldern mit Spalten a bis f und Reihen 1 bis 6. Dicke "
            "Linien "
            "teilen es in 2-mal-2-Blöcke; Spaltenpaare sind die Zonen 1, 2, 3, Reihenpaare die "
            "Zonen 4, 5, 6. "
            "Neun kleine Kreise sitzen in den Blockmitten; der obere linke ist gefüllt, weil in "
            "a1, b1, a2 "
            "und b2 Zahlen stehen. Die Setup-Felder a1, a2, a3, b4, d4, f4 sind getönt. Die Fünfen "
            "in c1, "
            "d1 und d2 sind als beanspruchtes L-förmiges Connect 3 umrandet. Pfeile markieren "
            "Reihe 6 und "
            "Spalte f als Pfeillinien.",
            "zone": "Zone",
            "setup": "Setup-Feld",
            "circle": "Kreis",
            "filled": "gefüllter Kreis",
            "arrow": "Pfeillinie",
            "claim": "beanspruchte Verbindung",
            "edge": "Zonengrenze",
        },
        "cn_shapes": {
            "caption": "Die Formen: Connect 3 (Linie, L), Connect 4 (I, O, T, L, S) und die acht "
            "Connect-5-Formkarten A bis H, von denen vier im Spiel sind. Jede Form darf gedreht "
            "oder "
            "gespiegelt werden.",
            "aria": "Kleine Zeichnungen von Formen aus Quadraten: zwei Connect-3-Formen, eine "
            "Linie und ein L; "
            "fünf Connect-4-Formen, I, O, T, L und S; und acht Connect-5-Formen mit den Buchstaben "
            "A bis H.",
            "cards": "Connect 5: Karten A–H",
        },
    },
}

CONTENT["fr"] = {
    "credit": "<cite>CO'NNN'ECT</cite> de Sarawut Jirawaree (Four Comma Game). De 2 à 4 joueurs ; "
    "ici aussi en solo.",
    "lead": "Un jeu de dés à écrire. À chaque manche, les dés vous donnent deux nombres à écrire "
    "sur votre "
    "feuille ; ensuite vous revendiquez des groupes de nombres voisins, égaux ou qui se suivent "
    "(<strong>Connect 3</strong>, <strong>Connect 4</strong> et <strong>Connect 5</strong>), pour "
    "des "
    "points et des bonus.",
    "note": """
<p><strong>Notre reconstitution.</strong> Les livrets de règles dont nous disposions avaient \
perdu toutes
leurs images. La disposition de la feuille (ordre des zones, cercles, cases de départ, lignes
fléchées), le contenu des sections de bonus, les formes de Connect 4 autres que le L, les huit \
cartes
Forme Connect 5, les cartes Objectif et les pénalités des actions libres sont des créations du \
projet,
pas celles du jeu imprimé.</p>
""",
    "sections": [
        (
            "need",
            "Matériel",
            """
<ul>
<li>De 2 à 4 joueurs, chacun avec une <strong>feuille de joueur</strong>. À 1 joueur, c'est un \
défi de
score en solo (notre ajout).</li>
<li>3 dés.</li>
<li>8 <strong>cartes Forme Connect 5</strong> (4 sont face visible), 4 <strong>cartes Score Connect
5</strong> (16 dessus, puis 14, 13, 12) et 14 <strong>cartes Objectif</strong> en trois paquets : \
A (4
points), B (6 points), C (8 points).</li>
</ul>
<h3>La feuille de joueur</h3>
<ul>
<li>Une zone de jeu de 6 × 6 cases : colonnes a à f, rangées 1 à 6 depuis le haut.</li>
<li>Six <strong>zones</strong> : les zones 1, 2 et 3 sont des paires de colonnes (a–b, c–d, e–f) \
; les
zones 4, 5 et 6 des paires de rangées (1–2, 3–4, 5–6). Chaque case est dans une zone de colonnes et
une zone de rangées.</li>
<li>Neuf <strong>cercles</strong>, un au centre de chaque bloc 2 × 2 ; deux <strong>lignes
fléchées</strong> (rangée 6 et colonne f) ; six <strong>cases de départ</strong> (a1, a2, a3, b4, \
d4, f4).</li>
<li>Et aussi : le suivi des manches, les sections de bonus Connect 3 et Connect 4, deux marqueurs \
sous
chaque forme de Connect 4, quatre cases Connect 5 et la piste des actions libres.</li>
</ul>
[[fig:cn_sheet]]
""",
        ),
        (
            "goal",
            "But du jeu",
            """
<p>Avoir le plus de points après douze manches.</p>
""",
        ),
        (
            "setup",
            "Mise en place",
            """
<p>On révèle quatre cartes Forme Connect 5 et une carte Objectif de chaque paquet, et on tire au \
sort le
premier joueur. Celui-ci lance ensuite les trois dés deux fois ; après chaque lancer, chacun \
écrit les
trois nombres dans des cases de départ libres de son choix. Ces nombres peuvent être revendiqués \
comme
les autres. (Variante, choisie à l'ouverture de la table : chacun lance ses six nombres de \
départ.)</p>
""",
        ),
        (
            "turn",
            "Déroulement d'une manche",
            """
<p>La partie dure 12 manches de trois phases. Pendant les phases de remplissage et de revendication,
tout le monde joue en même temps ; vous voyez ce que les autres ont fait à la fin de la phase.</p>
<ol>
<li><strong>Phase de lancer.</strong> Le joueur actif lance les trois dés et en choisit un comme
<strong>dé de zone</strong> ; les deux autres sont les <strong>dés de nombre</strong>. Chacun les \
note
sur son suivi des manches.</li>
<li><strong>Phase de remplissage.</strong> Chacun doit écrire les nombres des deux dés de nombre \
dans des
cases vides de la zone indiquée par le dé de zone, dans n'importe quel ordre, pas forcément côte à
côte. Un nombre par case.</li>
<li><strong>Phase de revendication.</strong> Chacun peut revendiquer des Connect (voir plus bas), \
autant
qu'il le souhaite.</li>
<li><strong>Fin de la manche.</strong> Si quelqu'un a revendiqué un Connect 5, on retire la carte \
Score
du dessus. Chaque joueur qui remplit une carte Objectif en marque les points (chaque carte une \
fois par
joueur). Les dés passent à gauche : ce joueur devient le joueur actif.</li>
</ol>
""",
        ),
        (
            "actions",
            "Écrire, revendiquer, bonus",
            """
<h3>Action libre</h3>
<p>Pendant la phase de remplissage, une action libre vous permet d'écrire un autre nombre que celui
d'un dé (seulement tant que votre zone a une case vide), ou d'abandonner un nombre quand votre zone
est pleine. Chaque utilisation barre la case la plus à gauche de votre piste ; vous en avez 7. Si \
vous
devez écrire un nombre, ne le pouvez pas, n'avez plus d'action libre et qu'aucun bonus ne vous aide,
vous êtes <strong>éliminé</strong> et ne pouvez pas gagner.</p>
<h3>Cercles et lignes connectées</h3>
<p>Quand les quatre cases autour d'un cercle contiennent des nombres, le cercle est rempli : 1 \
point.
Trois cercles remplis alignés (rangée, colonne ou diagonale) forment une ligne connectée : 2 \
points de
plus. Un cercle rempli le reste.</p>
<h3>Revendiquer des Connect</h3>
<p>Un Connect est un groupe de cases côte à côte qui forme l'une des formes ci-dessous (tournée ou
retournée à volonté). Ses nombres doivent être <strong>tous égaux</strong>, ou <strong>se
suivre</strong> : un chemin passe par toutes ses cases en augmentant de un à chaque pas (1-2-3 \
ou, lu
dans l'autre sens, 3-2-1 ; le 6 n'est pas suivi du 1). Chaque nombre ne peut servir qu'à une seule
revendication dans toute la partie. Vous pouvez revendiquer tout de suite ou lors d'une manche
suivante.</p>
<ul>
<li><strong>Connect 3</strong> (ligne ou L) : entourez un bonus dans votre section Connect 3.</li>
<li><strong>Connect 4</strong> (I, O, T, L, S ; le T seulement avec des nombres égaux) : la \
première fois
qu'une forme est revendiquée, son auteur remplit le marqueur ★3 et les autres barrent le leur (tous
ceux qui la revendiquent pendant la même manche reçoivent ★3). Les revendications suivantes \
remplissent
le marqueur à 1 point. Dans tous les cas, entourez ensuite un bonus dans votre section Connect \
4.</li>
<li><strong>Connect 5</strong> : la forme d'une carte Forme face visible. Écrivez sa lettre dans \
votre
première case Connect 5 libre avec les points de la carte Score du dessus (16, puis 14, 13, 12) ; \
tous
ceux qui revendiquent un Connect 5 pendant la même manche marquent les mêmes points. Les cartes
revendiquées sont retournées à la fin de la phase et ne peuvent plus être revendiquées. Pas de \
bonus.</li>
</ul>
[[fig:cn_shapes]]
<h3>Les bonus</h3>
<p>Les bonus entourés rapportent leurs points ★ en fin de partie, utilisés ou non. On les utilise \
pendant
la phase de remplissage ou de revendication, puis on les barre. Les bonus marqués ⚡ doivent être
utilisés immédiatement.</p>
<ul>
<li><strong>Déplacer un nombre :</strong> barrez un nombre pas encore revendiqué et réécrivez-le \
dans n'importe quelle case vide.</li>
<li><strong>Changer de zone :</strong> échangez le dé de zone avec un dé de nombre : le nombre de \
ce dé
devient votre zone, et vous écrivez à la place le nombre de l'ancienne zone. Seulement avant \
d'écrire
le premier nombre de la manche.</li>
<li><strong>Ajuster :</strong> ajoutez ou retirez 1 ou 2 à un nombre (6 + 1 = 1, 1 − 1 = 6).</li>
<li><strong>Réutiliser :</strong> une revendication peut inclure un nombre déjà revendiqué.</li>
<li><strong>Écrire 2 nombres ⚡ :</strong> écrivez deux nombres de votre choix dans la zone de la \
manche.</li>
<li><strong>Écrire un nombre ⚡ :</strong> écrivez le nombre indiqué où vous voulez.</li>
<li><strong>6 points :</strong> 6 points en fin de partie (toujours compté comme utilisé).</li>
</ul>
""",
        ),
        (
            "end",
            "Fin de la partie et score",
            """
<p>Après la douzième manche, chacun additionne :</p>
<ul>
<li><strong>Connect 3 :</strong> les ★ de vos bonus Connect 3 entourés ;</li>
<li><strong>Connect 4 :</strong> les ★ de vos bonus Connect 4 entourés, plus 3 par premier marqueur
rempli et 1 par marqueur suivant rempli ;</li>
<li><strong>Connect 5 :</strong> les points de vos cases Connect 5 ;</li>
<li><strong>chaque ligne fléchée :</strong> 8 points pour 1 à 6 dans l'ordre (dans un sens ou dans
l'autre) ou six nombres égaux, sans case barrée ; 6 points pour 1 à 6 dans un autre ordre, sans case
barrée ; 3 points si elle est simplement pleine ;</li>
<li><strong>cercles :</strong> 1 point par cercle rempli et 2 par ligne connectée ;</li>
<li><strong>objectifs :</strong> les points des cartes Objectif remplies ;</li>
<li><strong>moins</strong> la pénalité des actions libres : 0, 1, 2, 3, 5, 7, 10 ou 13 après 0 à \
7 utilisations.</li>
</ul>
<p>Le plus de points gagne. En cas d'égalité, le joueur qui a le moins de points négatifs gagne ; \
s'il
y a encore égalité, la victoire est partagée.</p>
""",
        ),
        (
            "here",
            "Jouer ici",
            """
<ul>
<li>Phase de lancer : le joueur actif choisit le dé de zone.</li>
<li>Phase de remplissage : cliquez sur une case en surbrillance de votre zone pour chaque nombre. \
Les
actions libres et les bonus sont proposés quand vous pouvez les utiliser.</li>
<li>Phase de revendication : choisissez les cases d'une forme, puis votre bonus ; indiquez que \
vous avez
fini quand vous ne voulez plus rien revendiquer. Quand il ne vous reste rien à décider, la table
avance toute seule.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Les cases vont de <code>a1</code> (en haut à gauche) à <code>f6</code> (en bas à droite).</p>
<ul>
<li><code>zone 4</code> : prendre comme dé de zone le dé qui montre 4</li>
<li><code>write 2 b1</code>, <code>change 2 3</code>, <code>skip 5</code> (actions libres)</li>
<li><code>switch 5</code>, <code>adjust b2 +1</code>, <code>move b2</code> (bonus)</li>
<li><code>claim L4 e1 e2 e3 f3</code>, <code>take 3</code> (case de bonus 3), <code>done</code></li>
</ul>
""",
    "figs": {
        "cn_sheet": {
            "caption": "La zone de jeu : les zones 1–3 sont des paires de colonnes, les zones 4–6 "
            "des paires de "
            "rangées. Les six nombres de départ sont écrits ; le cercle en haut à gauche est "
            "rempli, et trois "
            "5 forment un Connect 3 revendiqué (un L).",
            "aria": "Une grille de 6 sur 6 avec les colonnes a à f et les rangées 1 à 6. Des "
            "traits épais la "
            "divisent en blocs de 2 sur 2 ; les paires de colonnes sont les zones 1, 2, 3 et les "
            "paires de "
            "rangées les zones 4, 5, 6. Neuf petits cercles se trouvent au centre des blocs ; "
            "celui en haut à "
            "gauche est rempli car a1, b1, a2 et b2 contiennent des nombres. Les cases de départ "
            "a1, a2, a3, "
            "b4, d4, f4 sont teintées. Les 5 en c1, d1 et d2 sont entourés comme un Connect 3 en L "
            "revendiqué. Des flèches signalent la rangée 6 et la colonne f comme lignes fléchées.",
            "zone": "zone",
            "setup": "case de départ",
            "circle": "cercle",
            "filled": "cercle rempli",
            "arrow": "ligne fléchée",
            "claim": "Connect revendiqué",
            "edge": "limite de zone",
        },
        "cn_shapes": {
            "caption": "Les formes : Connect 3 (ligne, L), Connect 4 (I, O, T, L, S) et les huit "
            "cartes Forme "
            "Connect 5, de A à H, dont quatre sont en jeu. Chaque forme peut être tournée ou "
            "retournée.",
            "aria": "Petits dessins de formes faites de carrés : deux formes de Connect 3, une "
            "ligne et un L ; "
            "cinq formes de Connect 4, I, O, T, L et S ; et huit formes de Connect 5 lettrées de A "
            "à H.",
            "cards": "Connect 5 : cartes A–H",
        },
    },
}

CONTENT["es"] = {
    "credit": "<cite>CO'NNN'ECT</cite> de Sarawut Jirawaree (Four Comma Game). De 2 a 4 jugadores; "
    "aquí también en solitario.",
    "lead": "Un juego de tirar y escribir. En cada ronda los dados te dan dos números para "
    "escribir en tu "
    "propia hoja; luego reclamas grupos de números adyacentes iguales o consecutivos "
    "(<strong>Connect 3</strong>, <strong>Connect 4</strong> y <strong>Connect 5</strong>) para "
    "ganar "
    "puntos y bonificaciones.",
    "note": """
<p><strong>Nuestra reconstrucción.</strong> Los reglamentos disponibles habían perdido todas sus \
imágenes.
La disposición de la hoja (orden de las zonas, círculos, casillas iniciales, líneas con flecha), el
contenido de las secciones de bonificación, las formas de Connect 4 distintas de la L, las ocho \
cartas
de Forma Connect 5, las cartas de Objetivo y las penalizaciones de las acciones libres son \
diseños del
proyecto, no los impresos.</p>
""",
    "sections": [
        (
            "need",
            "Qué se necesita",
            """
<ul>
<li>De 2 a 4 jugadores, cada uno con una <strong>hoja de jugador</strong>. Con 1 jugador es un \
desafío de
puntuación en solitario (añadido nuestro).</li>
<li>3 dados.</li>
<li>8 <strong>cartas de Forma Connect 5</strong> (4 boca arriba), 4 <strong>cartas de Puntos Connect
5</strong> (16 encima, luego 14, 13, 12) y 14 <strong>cartas de Objetivo</strong> en tres mazos: \
A (4
puntos), B (6 puntos), C (8 puntos).</li>
</ul>
<h3>La hoja de jugador</h3>
<ul>
<li>Un área de juego de 6 × 6 casillas: columnas de la a a la f, filas de la 1 a la 6 desde \
arriba.</li>
<li>Seis <strong>zonas</strong>: las zonas 1, 2 y 3 son pares de columnas (a–b, c–d, e–f); las \
zonas 4, 5
y 6 son pares de filas (1–2, 3–4, 5–6). Cada casilla está en una zona de columnas y en una de \
filas.</li>
<li>Nueve <strong>círculos</strong>, uno en el centro de cada bloque de 2 × 2; dos <strong>líneas \
con
flecha</strong> (fila 6 y columna f); seis <strong>casillas iniciales</strong> (a1, a2, a3, b4, \
d4, f4).</li>
<li>Además: el registro de rondas, las secciones de bonificación de Connect 3 y Connect 4, dos \
marcadores
bajo cada forma de Connect 4, cuatro casillas de Connect 5 y el marcador de acciones libres.</li>
</ul>
[[fig:cn_sheet]]
""",
        ),
        (
            "goal",
            "El objetivo",
            """
<p>Tener más puntos después de doce rondas.</p>
""",
        ),
        (
            "setup",
            "Preparación",
            """
<p>Se ponen boca arriba cuatro cartas de Forma Connect 5 y una carta de Objetivo de cada mazo, y se
sortea el primer jugador. Este tira luego los tres dados dos veces; tras cada tirada, todos escriben
los tres números en casillas iniciales libres a su elección. Estos números se pueden reclamar como
cualquier otro. (Variante, elegida al abrir la mesa: cada jugador tira sus propios seis números
iniciales.)</p>
""",
        ),
        (
            "turn",
            "Una ronda",
            """
<p>La partida dura 12 rondas de tres fases. En las fases de relleno y de reclamación todos juegan \
a la
vez; ves lo que hicieron los demás cuando termina la fase.</p>
<ol>
<li><strong>Fase de tirada.</strong> El jugador activo tira los tres dados y elige uno como \
<strong>dado
de zona</strong>; los otros dos son los <strong>dados de número</strong>. Todos los anotan en su
registro de rondas.</li>
<li><strong>Fase de relleno.</strong> Todos deben escribir los números de los dos dados de número en
casillas vacías de la zona que indica el dado de zona, en cualquier orden y no necesariamente \
juntos.
Un número por casilla.</li>
<li><strong>Fase de reclamación.</strong> Todos pueden reclamar Connect (ver abajo), tantos como \
quieran.</li>
<li><strong>Fin de la ronda.</strong> Si alguien reclamó un Connect 5, se retira la carta de \
Puntos de
encima. Quien cumple una carta de Objetivo anota sus puntos (cada carta una vez por jugador). Los
dados pasan a la izquierda: ese jugador pasa a ser el jugador activo.</li>
</ol>
""",
        ),
        (
            "actions",
            "Escribir, reclamar y bonificaciones",
            """
<h3>Acción libre</h3>
<p>En la fase de relleno, una acción libre te deja escribir un número distinto del de un dado (solo
mientras tu zona tenga una casilla vacía) o descartar un número cuando tu zona está llena. Cada uso
tacha la casilla más a la izquierda de tu marcador; tienes 7. Si debes escribir un número, no \
puedes,
no te quedan acciones libres y ninguna bonificación te ayuda, quedas <strong>fuera del \
juego</strong> y
no puedes ganar.</p>
<h3>Círculos y líneas conectadas</h3>
<p>Cuando las cuatro casillas alrededor de un círculo tienen números, el círculo está lleno: 1 \
punto.
Tres círculos llenos en línea recta (fila, columna o diagonal) forman una línea conectada: 2 puntos
más. Un círculo lleno sigue lleno.</p>
<h3>Reclamar Connect</h3>
<p>Un Connect es un grupo de casillas contiguas que forma una de las formas de abajo (girada o
reflejada a tu gusto). Sus números deben ser <strong>todos iguales</strong> o \
<strong>consecutivos</strong>:
hay un camino por todas sus casillas en el que cada número es uno más que el anterior (1-2-3 o, \
leído
al revés, 3-2-1; después del 6 no viene el 1). Cada número solo puede usarse en una reclamación \
en toda
la partida. Puedes reclamar enseguida o en una ronda posterior.</p>
<ul>
<li><strong>Connect 3</strong> (línea o L): rodea una bonificación en tu sección de Connect 3.</li>
<li><strong>Connect 4</strong> (I, O, T, L, S; la T solo con números iguales): la primera vez que \
alguien
reclama una forma, rellena su marcador ★3 y los demás tachan el suyo (todos los que la reclaman \
en esa
misma ronda obtienen ★3). Las reclamaciones posteriores rellenan el marcador de 1 punto. En todos \
los
casos, después rodea una bonificación en tu sección de Connect 4.</li>
<li><strong>Connect 5</strong>: la forma de una carta de Forma boca arriba. Escribe su letra en tu
primera casilla de Connect 5 libre con los puntos de la carta de Puntos de encima (16, luego 14, 13,
12); quienes reclaman un Connect 5 en la misma ronda obtienen los mismos puntos. Las cartas \
reclamadas
se ponen boca abajo al final de la fase y ya no se pueden reclamar. Sin bonificación.</li>
</ul>
[[fig:cn_shapes]]
<h3>Bonificaciones</h3>
<p>Las bonificaciones rodeadas dan sus puntos ★ al final de la partida, usadas o no. Se usan en \
la fase
de relleno o de reclamación y luego se tachan. Las marcadas con ⚡ deben usarse en el acto.</p>
<ul>
<li><strong>Mover número:</strong> tacha un número aún no reclamado y vuelve a escribirlo en \
cualquier casilla vacía.</li>
<li><strong>Cambiar zona:</strong> intercambia el dado de zona con un dado de número: el número \
de ese dado
pasa a ser tu zona y en su lugar escribes el número de la zona anterior. Solo antes de escribir el
primer número de la ronda.</li>
<li><strong>Ajustar:</strong> suma o resta 1 o 2 a un número (6 + 1 = 1, 1 − 1 = 6).</li>
<li><strong>Reutilizar:</strong> una reclamación puede incluir un número ya reclamado.</li>
<li><strong>Escribir 2 números ⚡:</strong> escribe dos números a tu elección en la zona de esta \
ronda.</li>
<li><strong>Escribir un número ⚡:</strong> escribe el número indicado donde quieras.</li>
<li><strong>6 puntos:</strong> 6 puntos al final (siempre cuenta como usada).</li>
</ul>
""",
        ),
        (
            "end",
            "Final de la partida y puntuación",
            """
<p>Tras la duodécima ronda, cada uno suma:</p>
<ul>
<li><strong>Connect 3:</strong> las ★ de tus bonificaciones de Connect 3 rodeadas;</li>
<li><strong>Connect 4:</strong> las ★ de tus bonificaciones de Connect 4 rodeadas, más 3 por cada \
primer
marcador relleno y 1 por cada marcador posterior relleno;</li>
<li><strong>Connect 5:</strong> los puntos de tus casillas de Connect 5;</li>
<li><strong>cada línea con flecha:</strong> 8 puntos por 1 a 6 en orden (en cualquier sentido) o \
seis
números iguales, sin casillas tachadas; 6 puntos por 1 a 6 en otro orden, sin casillas tachadas; 3
puntos si solo está llena;</li>
<li><strong>círculos:</strong> 1 punto por círculo lleno y 2 por línea conectada;</li>
<li><strong>objetivos:</strong> los puntos de las cartas de Objetivo cumplidas;</li>
<li><strong>menos</strong> la penalización de acciones libres: 0, 1, 2, 3, 5, 7, 10 o 13 tras 0 a \
7 usos.</li>
</ul>
<p>Gana quien tenga más puntos. En caso de empate gana quien tenga menos puntos negativos; si \
sigue el
empate, la victoria se comparte.</p>
""",
        ),
        (
            "here",
            "Cómo se juega aquí",
            """
<ul>
<li>Fase de tirada: el jugador activo elige el dado de zona.</li>
<li>Fase de relleno: haz clic en una casilla resaltada de tu zona para cada número. Las acciones \
libres
y las bonificaciones se ofrecen cuando puedes usarlas.</li>
<li>Fase de reclamación: elige las casillas de una forma y luego tu bonificación; indica que has
terminado cuando no quieras reclamar más. Cuando no te queda nada por decidir, la mesa avanza \
sola.</li>
</ul>
""",
        ),
    ],
    "notation": """
<p>Las casillas van de <code>a1</code> (arriba a la izquierda) a <code>f6</code> (abajo a la \
derecha).</p>
<ul>
<li><code>zone 4</code>: elegir como dado de zona el dado que muestra 4</li>
<li><code>write 2 b1</code>, <code>change 2 3</code>, <code>skip 5</code> (acciones libres)</li>
<li><code>switch 5</code>, <code>adjust b2 +1</code>, <code>move b2</code> (bonificaciones)</li>
<li><code>claim L4 e1 e2 e3 f3</code>, <code>take 3</code> (casilla de bonificación 3), \
<code>done</code></li>
</ul>
""",
    "figs": {
        "cn_sheet": {
            "caption": "El área de juego: las zonas 1–3 son pares de columnas y las zonas 4–6 "
            "pares de filas. Los "
            "seis números iniciales están escritos; el círculo de arriba a la izquierda está "
            "lleno, y tres 5 "
            "forman un Connect 3 reclamado (una L).",
            "aria": "Una cuadrícula de 6 por 6 con columnas de la a a la f y filas de la 1 a la 6. "
            "Líneas gruesas "
            "la dividen en bloques de 2 por 2; los pares de columnas son las zonas 1, 2, 3 y los "
            "pares de "
            "filas las zonas 4, 5, 6. Nueve pequeños círculos están en el centro de los bloques; "
            "el de arriba "
            "a la izquierda está lleno porque a1, b1, a2 y b2 tienen números. Las casillas "
            "iniciales a1, a2, "
            "a3, b4, d4, f4 están sombreadas. Los 5 de c1, d1 y d2 están contorneados como un "
            "Connect 3 en "
            "forma de L reclamado. Unas flechas señalan la fila 6 y la columna f como líneas con "
            "flecha.",
            "zone": "zona",
            "setup": "casilla inicial",
            "circle": "círculo",
            "filled": "círculo lleno",
            "arrow": "línea con flecha",
            "claim": "Connect reclamado",
            "edge": "borde de zona",
        },
        "cn_shapes": {
            "caption": "Las formas: Connect 3 (línea, L), Connect 4 (I, O, T, L, S) y las ocho "
            "cartas de Forma "
            "Connect 5, de la A a la H, de las que cuatro están en juego. Cada forma se puede "
            "girar o reflejar.",
            "aria": "Pequeños dibujos de formas hechas de cuadrados: dos formas de Connect 3, una "
            "línea y una L; "
            "cinco formas de Connect 4, I, O, T, L y S; y ocho formas de Connect 5 con las letras "
            "de la A a la H.",
            "cards": "Connect 5: cartas A–H",
        },
    },
}
