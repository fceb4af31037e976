"""Write src/connect_arena/server/static/rules/*.html from the content modules."""

import importlib
import importlib.util
import re
import sys
from pathlib import Path

from diagrams import ALL as DIAGRAMS
from diagrams import esc

from connect_arena.core import game_class, game_names

OUT = Path(__file__).resolve().parents[2] / "src" / "connect_arena" / "server" / "static" / "rules"
LANGS = ["en", "it", "de", "fr", "es"]
LANG_NAMES = {"en": "English", "it": "Italiano", "de": "Deutsch", "fr": "Français", "es": "Español"}


def _games() -> dict[str, tuple[str, dict]]:
    """Every registered game that has a content module ``c_<name>.py`` here: (title, content).
    A game without one (a plug-in, a toy) simply has no rules page; the site says so."""
    found = {}
    for name in game_names():
        module = f"c_{name}"
        if name.isidentifier() and importlib.util.find_spec(module) is not None:
            found[name] = (game_class(name).title, importlib.import_module(module).CONTENT)
    return found


GAMES = _games()

CHROME = {
    "en": {
        "all": "All rules pages",
        "language": "Language",
        "contents": "On this page",
        "h1": "{game}: the rules",
        "about": "Written by the Connect Arena project in its own words. It describes the game as "
        "this site plays it, with the default settings of a new table; where the original rules "
        "leave a question open, it gives the answer the project chose. When a table uses other "
        "settings, the table page lists them.",
        "here_intro": "Everything happens on the table page. When it is your turn, the table "
        "highlights what you may use: click it to choose it. Where the table lists your possible "
        "actions as buttons instead, click the one you want. Only actions the rules allow are "
        "offered, so a click never breaks a rule. Chance (dice, cards, who begins) is drawn by "
        "the server and recorded, and every finished game can be replayed move by move.",
        "notation": "Text notation (for keyboard users and game records)",
        "notation_intro": "Every action also has a short text form. It is used in game records "
        "and can be typed where the table offers a text box.",
        "footer": "Connect Arena · rules pages written by the project in its own words; the games "
        "belong to their authors and publishers.",
    },
    "it": {
        "all": "Tutte le regole",
        "language": "Lingua",
        "contents": "In questa pagina",
        "h1": "{game}: le regole",
        "about": "Testo scritto dal progetto Connect Arena con parole proprie. Descrive il gioco "
        "come lo gioca questo sito, con le impostazioni predefinite di un nuovo tavolo; dove le "
        "regole originali lasciano un dubbio, riporta la scelta fatta dal progetto. Se un tavolo "
        "usa altre impostazioni, la pagina del tavolo le elenca.",
        "here_intro": "Tutto avviene nella pagina del tavolo. Quando tocca a te, il tavolo "
        "evidenzia ciò che puoi usare: fai clic per sceglierlo. Se invece il tavolo elenca le azioni "
        "possibili come pulsanti, fai clic su quello che vuoi. Vengono proposte solo le azioni "
        "permesse dalle regole, quindi un clic non può mai violarle. Il caso (dadi, carte, chi "
        "comincia) è gestito dal server e registrato, e ogni partita conclusa si può rivedere "
        "mossa per mossa.",
        "notation": "Notazione testuale (per chi usa la tastiera e per le registrazioni)",
        "notation_intro": "Ogni azione ha anche una breve forma testuale. Si usa nelle "
        "registrazioni delle partite e si può digitare dove il tavolo offre una casella di testo.",
        "footer": "Connect Arena · pagine delle regole scritte dal progetto con parole proprie; i "
        "giochi appartengono ai loro autori ed editori.",
    },
    "de": {
        "all": "Alle Spielregeln",
        "language": "Sprache",
        "contents": "Auf dieser Seite",
        "h1": "{game}: die Spielregeln",
        "about": "Vom Projekt Connect Arena in eigenen Worten geschrieben. Die Seite beschreibt "
        "das Spiel so, wie diese Website es spielt, mit den Standardeinstellungen eines neuen "
        "Tisches; wo die Originalregeln eine Frage offenlassen, nennt sie die Entscheidung des "
        "Projekts. Verwendet ein Tisch andere Einstellungen, zeigt die Tischseite sie an.",
        "here_intro": "Alles geschieht auf der Tischseite. Wenn du am Zug bist, hebt der Tisch "
        "hervor, was du benutzen darfst: Klicke darauf, um es zu wählen. Zeigt der Tisch deine "
        "möglichen Aktionen stattdessen als Schaltflächen, klicke auf die gewünschte. Angeboten werden nur "
        "Aktionen, die die Regeln erlauben; ein Klick kann also keine Regel brechen. Den Zufall "
        "(Würfel, Karten, wer beginnt) übernimmt der Server und zeichnet ihn auf; jede beendete "
        "Partie lässt sich Zug für Zug nachspielen.",
        "notation": "Textnotation (für die Tastatur und für Partieaufzeichnungen)",
        "notation_intro": "Jede Aktion hat auch eine kurze Textform. Sie steht in den "
        "Partieaufzeichnungen und kann eingetippt werden, wo der Tisch ein Textfeld anbietet.",
        "footer": "Connect Arena · Regelseiten vom Projekt in eigenen Worten verfasst; die Spiele "
        "gehören ihren Autoren und Verlagen.",
    },
    "fr": {
        "all": "Toutes les règles",
        "language": "Langue",
        "contents": "Sur cette page",
        "h1": "{game} : les règles",
        "about": "Rédigé par le projet Connect Arena avec ses propres mots. Cette page décrit le "
        "jeu tel que ce site le joue, avec les réglages par défaut d'une nouvelle table ; là où "
        "les règles originales laissent une question ouverte, elle donne le choix fait par le "
        "projet. Si une table utilise d'autres réglages, la page de la table les indique.",
        "here_intro": "Tout se passe sur la page de la table. Quand c'est votre tour, la table met "
        "en évidence ce que vous pouvez utiliser : cliquez dessus pour le choisir. Si la table "
        "présente plutôt vos actions possibles sous forme de boutons, cliquez sur celui que vous "
        "voulez. Seules les "
        "actions permises par les règles sont proposées : un clic ne peut donc jamais enfreindre "
        "une règle. Le hasard (dés, cartes, qui commence) est tiré par le serveur et enregistré, "
        "et chaque partie terminée peut être rejouée coup par coup.",
        "notation": "Notation texte (pour le clavier et les enregistrements de parties)",
        "notation_intro": "Chaque action a aussi une courte forme texte. Elle sert dans les "
        "enregistrements de parties et peut être tapée là où la table propose une zone de texte.",
        "footer": "Connect Arena · pages de règles rédigées par le projet avec ses propres mots ; "
        "les jeux appartiennent à leurs auteurs et éditeurs.",
    },
    "es": {
        "all": "Todas las reglas",
        "language": "Idioma",
        "contents": "En esta página",
        "h1": "{game}: las reglas",
        "about": "Escrito por el proyecto Connect Arena con sus propias palabras. Describe el "
        "juego tal como lo juega este sitio, con los ajustes predeterminados de una mesa nueva; "
        "donde las reglas originales dejan una duda, indica la decisión que tomó el proyecto. Si "
        "una mesa usa otros ajustes, la página de la mesa los muestra.",
        "here_intro": "Todo ocurre en la página de la mesa. Cuando es tu turno, la mesa resalta lo "
        "que puedes usar: haz clic para elegirlo. Si la mesa muestra en cambio tus acciones "
        "posibles como botones, haz clic en el que quieras. Solo se ofrecen las acciones que las reglas "
        "permiten, así que un clic nunca rompe una regla. El azar (dados, cartas, quién empieza) "
        "lo sortea el servidor y queda registrado, y cada partida terminada se puede repasar "
        "jugada a jugada.",
        "notation": "Notación de texto (para el teclado y los registros de partidas)",
        "notation_intro": "Cada acción tiene también una forma corta de texto. Se usa en los "
        "registros de partidas y se puede escribir donde la mesa ofrece un cuadro de texto.",
        "footer": "Connect Arena · páginas de reglas escritas por el proyecto con sus propias "
        "palabras; los juegos pertenecen a sus autores y editoriales.",
    },
}

INDEX_TEXT = {
    "en": ("Rules", "Game rules in five languages, written by the Connect Arena project."),
    "it": ("Regole", "Regolamenti in cinque lingue, scritti dal progetto Connect Arena."),
    "de": ("Spielregeln", "Spielregeln in fünf Sprachen, verfasst vom Projekt Connect Arena."),
    "fr": ("Règles", "Règles du jeu en cinq langues, rédigées par le projet Connect Arena."),
    "es": ("Reglas", "Reglas del juego en cinco idiomas, escritas por el proyecto Connect Arena."),
}


def no_break_spaces(html: str) -> str:
    """Keep short sums and sizes on one line: '6 + 1 = 1', '2 × 2'."""
    return re.sub(r"(?<=[0-9]) (?=[+−=×] ?[0-9])|(?<=[+−=×]) (?=[0-9])", "\u00a0", html)


def figure(fid: str, labels: dict) -> str:
    svg = DIAGRAMS[fid](labels)
    return f"<figure>\n{svg}\n<figcaption>{labels['caption']}</figcaption>\n</figure>"


def expand(html: str, figs: dict) -> str:
    def sub(m):
        return figure(m.group(1), figs[m.group(1)])

    return re.sub(r"\[\[fig:(\w+)\]\]", sub, html)


def page(game: str, lang: str) -> str:
    name, content = GAMES[game]
    c = content[lang]
    ch = CHROME[lang]
    h1 = ch["h1"].format(game=name)
    links = []
    for other in LANGS:
        attrs = f'href="{game}.{other}.html" hreflang="{other}" lang="{other}"'
        if other == lang:
            attrs += ' aria-current="page"'
        links.append(f"      <li><a {attrs}>{LANG_NAMES[other]}</a></li>")
    alternates = "\n".join(
        f'  <link rel="alternate" hreflang="{o}" href="{game}.{o}.html">' for o in LANGS
    )
    toc = "\n".join(
        f'    <li><a href="#{sid}">{heading}</a></li>' for sid, heading, _ in c["sections"]
    )
    sections = []
    for sid, heading, body in c["sections"]:
        body = expand(no_break_spaces(body.strip()), c["figs"])
        if sid == "here":
            body = (
                f"<p>{ch['here_intro']}</p>\n{body}\n<details>\n<summary>{ch['notation']}</summary>\n"
                f"<p>{ch['notation_intro']}</p>\n{c['notation'].strip()}\n</details>"
            )
        sections.append(f'<section id="{sid}">\n<h2>{heading}</h2>\n{body}\n</section>')
    note = f'<div class="note">\n{c["note"].strip()}\n</div>\n' if c.get("note") else ""
    return f"""<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{esc(h1)} · Connect Arena</title>
  <link rel="icon" href="/static/logo.svg">
  <link rel="stylesheet" href="rules.css">
{alternates}
</head>
<body>
<header class="top">
  <a class="site" href="/">Connect Arena</a>
  <a class="back" href="index.html">{ch["all"]}</a>
  <nav class="languages" aria-label="{ch["language"]}">
    <ul>
{chr(10).join(links)}
    </ul>
  </nav>
</header>
<main>
<h1>{esc(h1)}</h1>
<p class="credit">{c["credit"].strip()}</p>
<p class="lead">{c["lead"].strip()}</p>
{note}<p class="credit">{ch["about"]}</p>
<nav class="toc" aria-label="{ch["contents"]}">
  <ul>
{toc}
  </ul>
</nav>
{chr(10).join(sections)}
</main>
<footer>
<p>{ch["footer"]}</p>
</footer>
</body>
</html>
"""


def french_spaces(html: str) -> str:
    """French typography: a no-break space before : ; ? ! and » and after «."""
    html = re.sub(r" ([:;?!»])", "\u00a0\\1", html)
    return re.sub(r"« ", "«\u00a0", html)


def index() -> str:
    head = " · ".join(INDEX_TEXT[lang][0] for lang in LANGS)
    intro = "\n".join(f'<p lang="{lang}">{INDEX_TEXT[lang][1]}</p>' for lang in LANGS)
    cols = "".join(f'<th scope="col" lang="{lang}">{LANG_NAMES[lang]}</th>' for lang in LANGS)
    rows = []
    for game, (name, _) in GAMES.items():
        cells = "".join(
            f'<td><a href="{game}.{lang}.html" hreflang="{lang}" lang="{lang}" '
            f'aria-label="{esc(name)} · {LANG_NAMES[lang]}">{lang.upper()}</a></td>'
            for lang in LANGS
        )
        rows.append(f'    <tr><th scope="row">{esc(name)}</th>{cells}</tr>')
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{head} · Connect Arena</title>
  <link rel="icon" href="/static/logo.svg">
  <link rel="stylesheet" href="rules.css">
</head>
<body>
<header class="top">
  <a class="site" href="/">Connect Arena</a>
</header>
<main>
<h1>{head}</h1>
{intro}
<div class="table-wrap">
<table class="grid">
  <thead><tr><th scope="col">Game · Gioco · Spiel · Jeu · Juego</th>{cols}</tr></thead>
  <tbody>
{chr(10).join(rows)}
  </tbody>
</table>
</div>
</main>
<footer>
<p>{CHROME["en"]["footer"]}</p>
</footer>
</body>
</html>
"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        for lang in LANGS:
            html = page(game, lang)
            if lang == "fr":
                html = french_spaces(html)
            (OUT / f"{game}.{lang}.html").write_text(html, encoding="utf-8")
    (OUT / "index.html").write_text(index(), encoding="utf-8")
    print("written", len(GAMES) * len(LANGS) + 1, "pages", file=sys.stderr)


if __name__ == "__main__":
    main()
