"""The catalogue's words for people: each game's title and rules summary, each option's
title and one-line help, and a title for each of its allowed values, in English and
Finnish, so that a front end shows these and never an option's API name or ``true``.
The English rules summary and title are the game's own (``Rules.title``,
``Rules.rules_summary``); a new game or option needs its words here
(tests/api/test_catalog_texts.py checks that none is missing)."""

from dataclasses import asdict, dataclass
from typing import Any

from ..engine import Option, Rules

LANGUAGES = ("en", "fi")


@dataclass(frozen=True)
class Words:
    """An option's words in one language: ``values`` are titles of its ``allowed``
    values, in their order (none for the integers of a range)."""

    title: str
    help: str
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class Finnish:
    title: str
    rules: str


GAMES_FI = {
    "old-maid": Finnish(
        "Musta Pekka",
        "Koko pakka jaetaan, ja kaikki parit lasketaan heti kuvapuoli ylöspäin (kolmesta "
        "samasta lasketaan pari ja kolmas jää käteen). Jakajan vasemmalla puolella istuva "
        "aloittaa; vuorollasi otat yhden kuvapuoli alaspäin olevan kortin, paikan itse "
        "valiten, vasemmalla (verkkopeli) tai oikealla (perhepeli) istuvan kädestä; pariksi "
        "sopiva kortti lasketaan heti. Vuoro kiertää myötäpäivään; korteistaan päässeet "
        "ovat turvassa ja jäävät väliin. Viimeisen kortin haltija on Musta Pekka ja "
        "häviää; kaikki muut voittavat. Jakaja vaihtuu joka kierroksella yhden paikan "
        "vasemmalle. Perhepelissä, jossa yksi rouva on poistettu, parin on oltava samaa "
        "väriä, joten patarouva jää Mustaksi Pekaksi.",
    ),
    "blind-date": Finnish(
        "Sokkotreffit",
        "Koko pakka jaetaan. Jacobin haltija poistaa hänet, ja sitten kaikki laskevat "
        "parinsa: mies (musta) ja nainen (punainen) samasta sukupolvesta, 2–6. Jacobin "
        "haltija aloittaa ottamalla kuvapuoli alaspäin olevan kortin oikealla istuvalta; "
        "sitten ottajan vasemmalla istuva ottaa ottajalta, ja niin edelleen myötäpäivään. "
        "Korteistaan päässeet ovat turvassa. Viimeisen kortin, Emilyn, haltija häviää.",
    ),
    "crazy-eights": Finnish(
        "Hullut kasit",
        "Seitsemän korttia kummallekin kahdesta pelaajasta, viisi kolmelle tai neljälle; "
        "pakan päällimmäinen kortti aloittaa poistopinon (kasi haudataan pakkaan). "
        "Vuorollasi pelaa kortti, joka sopii päällimmäiseen maaltaan tai arvoltaan, tai "
        "kasi, joka käy kaikkeen ja nimeää seuraavan maan; pakasta saa nostaa milloin "
        "tahansa ja niin monta kertaa kuin haluaa, kunnes pelaa kortin. Passata saa vain, "
        "kun pakka on tyhjä eikä mikään käy. Ensimmäisenä korteistaan päässyt voittaa "
        "kierroksen ja saa pisteiksi muiden käsiin jääneet kortit: kasi 50, K Q J 10, "
        "ässä 1, muut numeronsa. Jos kaikki passaavat vuorollaan, kierros on jumissa: "
        "pienin käsi voittaa ja saa erotuksen kuhunkin muuhun. Parit (4 pelaajaa): "
        "parit istuvat vastakkain, ja pari voittaa, kun kumpikin on päässyt korteistaan; "
        "jumissa verrataan parien summia, ja tasapelissä kaikki neljä voittavat 0.",
    ),
    "go-fish": Finnish(
        "Mene kalaan",
        "Seitsemän korttia kummallekin kahdesta pelaajasta, viisi kolmesta kuuteen; "
        "aloittaja arvotaan. Pyydä toiselta pelaajalta arvoa, jota sinulla on: hän antaa "
        "kaikki sen arvon korttinsa ja jatkat; muuten hän sanoo ”Mene kalaan” ja nostat. "
        "Jos nostat pyytämääsi arvoa, näytä se ja jatka; muuten vuoro siirtyy ”Mene "
        "kalaan” sanoneelle. Neljän samanarvoisen nelikot lasketaan heti pöytään. Peli "
        "päättyy, kun jokin käsi tai pakka on tyhjä (tai valinnan mukaan, kun kaikki 13 "
        "nelikkoa on pöydässä tai pakan loputtua kokonainen kierros kuluu ilman, että "
        "yksikään kortti vaihtaa omistajaa). Eniten nelikkoja kerännyt voittaa; tasan "
        "menneet jakavat voiton.",
    ),
    "spoons": Finnish(
        "Lusikat, Possu ja Kieli",
        "Neljä korttia kutakin n arvoa n pelaajalle, neljä kullekin. Kaikki pelaavat "
        "yhtä aikaa: neljä korttia kädessä siirrät yhden vasemmalle (naapurisi tulevien "
        "pinoon); kolme kädessä otat vanhimman kortin omasta pinostasi. Kun sinulla on "
        "neljä samaa, anna merkki (lusikat: nappaa lusikka; possu: koske nenääsi; kieli: "
        "näytä kieltä); kun joku on antanut, kaikki saavat antaa. Viimeinen merkin antaja "
        "häviää kierroksen ja yhden elämän; elämien loputtua hän putoaa ja yksi arvo "
        "poistuu pakasta. Kaksi viimeistä pelaajaa voittavat yhdessä.",
    ),
    "mystery-date": Finnish(
        "Salaiset treffit",
        "Kaksi asukorttia kullekin; nappulat aloittavat kulmien ovilta. Vuorollasi heitä "
        "noppaa, siirry myötäpäivään ja tee, mitä ruudussa lukee: ota kortteja (poista "
        "kuuteen), vaihda kortti kuvapuoli alaspäin oikealla, vasemmalla tai kenen tahansa "
        "kanssa, tai ota pakasta tai poistopinosta. Ovella, kun sinulla on kokonainen asu "
        "(1, 2 ja 3 samaa väriä), avaa se: asuun sopivat treffit voittavat; muut treffit "
        "päättävät vuorosi; pettymys vie asusi poistopinoon ja nostat kolme.",
    ),
}

# (game, option) -> language -> words
OPTIONS: dict[tuple[str, str], dict[str, Words]] = {
    ("old-maid", "preset"): {
        "en": Words(
            "Rules to play",
            "Sets the other options, unless you choose them yourself",
            ("The online game, 2–4 players", "Family Night's game, 2–8 players"),
        ),
        "fi": Words(
            "Sääntöversio",
            "Asettaa muut valinnat, ellet valitse niitä itse",
            ("Verkkopeli, 2–4 pelaajaa", "Family Night -kirjan peli, 2–8 pelaajaa"),
        ),
    },
    ("old-maid", "take_from"): {
        "en": Words(
            "Whose cards you take",
            "On your turn you take one face-down card from this neighbour",
            ("The player on your left", "The player on your right"),
        ),
        "fi": Words(
            "Keneltä otat kortin",
            "Vuorollasi otat tältä naapurilta yhden kuvapuoli alaspäin olevan kortin",
            ("Vasemmalla istuvalta", "Oikealla istuvalta"),
        ),
    },
    ("old-maid", "pair_by"): {
        "en": Words(
            "What makes a pair",
            "Which two cards may be laid down together",
            (
                "Any two of the same rank",
                "Same rank and colour: spades with clubs, hearts with diamonds",
            ),
        ),
        "fi": Words(
            "Mikä on pari",
            "Mitkä kaksi korttia saa laskea pöytään yhdessä",
            (
                "Mitkä tahansa kaksi samanarvoista",
                "Sama arvo ja väri: pata ja risti, hertta ja ruutu",
            ),
        ),
    },
    ("old-maid", "odd_card"): {
        "en": Words(
            "The card without a pair",
            "Whoever holds it at the end loses",
            (
                "A queen (the queen of clubs is removed)",
                "A jack (the jack of clubs is removed, as in Black Peter)",
                "The joker, added to all 52 cards",
            ),
        ),
        "fi": Words(
            "Kortti ilman paria",
            "Se, jolle se lopuksi jää, häviää",
            (
                "Rouva (ristirouva poistetaan)",
                "Jätkä (ristijätkä poistetaan, kuten Mustassa Pekassa)",
                "Jokeri, lisättynä kaikkiin 52 korttiin",
            ),
        ),
    },
    ("old-maid", "remove_queens"): {
        "en": Words(
            "Queens taken out",
            "When a queen is the card without a pair: how many queens leave the deck",
            (
                "One: the queen of clubs",
                "Three: all but the queen of spades",
                "No queen out: another odd card",
            ),
        ),
        "fi": Words(
            "Pois otettavat rouvat",
            "Kun parittomana korttina on rouva: montako rouvaa poistetaan pakasta",
            (
                "Yksi: ristirouva",
                "Kolme: kaikki paitsi patarouva",
                "Ei yhtään: muu pariton kortti",
            ),
        ),
    },
    ("blind-date", "deck"): {
        "en": Words(
            "Cards in the deck",
            "32 cards suit 2 to 8 players, 72 cards 6 to 12",
            (
                "By the number of players: 32 up to 5, 72 from 6",
                "32 cards: generations 1 to 5",
                "72 cards: every generation",
            ),
        ),
        "fi": Words(
            "Korttien määrä",
            "32 korttia sopii 2–8 pelaajalle, 72 korttia 6–12 pelaajalle",
            (
                "Pelaajamäärän mukaan: 32 viiteen asti, 72 kuudesta alkaen",
                "32 korttia: sukupolvet 1–5",
                "72 korttia: kaikki sukupolvet",
            ),
        ),
    },
    ("blind-date", "dealer"): {
        "en": Words(
            "Next dealer",
            "Who deals the next round",
            ("Whoever was left with Emily", "The same dealer every round"),
        ),
        "fi": Words(
            "Seuraava jakaja",
            "Kuka jakaa seuraavan kierroksen",
            ("Se, jolle Emily jäi", "Sama jakaja joka kierroksella"),
        ),
    },
    ("crazy-eights", "target_score"): {
        "en": Words(
            "Play to a score of",
            "Rounds go on until a player, or a side, has this many points",
            ("One round only",),
        ),
        "fi": Words(
            "Pelataan pisteisiin",
            "Kierroksia pelataan, kunnes pelaajalla tai parilla on näin monta pistettä",
            ("Vain yksi kierros",),
        ),
    },
    ("crazy-eights", "partnership"): {
        "en": Words(
            "Play in pairs",
            "Four players only: partners sit opposite, and a side wins when both are out",
            ("Everyone for themselves", "Partners sitting opposite"),
        ),
        "fi": Words(
            "Pelataan pareittain",
            "Vain neljälle: parit istuvat vastakkain, ja pari voittaa, kun kumpikin on "
            "päässyt korteistaan",
            ("Jokainen omillaan", "Parit istuvat vastakkain"),
        ),
    },
    ("go-fish", "end"): {
        "en": Words(
            "When the game ends",
            "Most books of four wins",
            (
                "As soon as a hand or the stock is empty",
                "When all 13 books are down (empty hands draw a card)",
            ),
        ),
        "fi": Words(
            "Milloin peli päättyy",
            "Eniten nelikkoja kerännyt voittaa",
            (
                "Heti kun jokin käsi tai pakka on tyhjä",
                "Kun kaikki 13 nelikkoa on pöydässä (tyhjä käsi nostaa kortin)",
            ),
        ),
    },
    ("spoons", "signal"): {
        "en": Words(
            "How to tell four of a kind",
            "What a player does when she holds four of a kind; the rules are the same",
            ("Grab a spoon", "Touch your nose (Pig)", "Stick out your tongue"),
        ),
        "fi": Words(
            "Merkki neljästä samasta",
            "Mitä pelaaja tekee, kun hänellä on neljä samaa; säännöt ovat samat",
            ("Nappaa lusikka", "Koske nenääsi (Possu)", "Näytä kieltä"),
        ),
    },
    ("spoons", "pass_after_signal"): {
        "en": Words(
            "Passing after a signal",
            "Spoons and tongue only: whether players who have signalled go on passing cards",
            ("Who has signalled stops passing", "Who has signalled keeps passing"),
        ),
        "fi": Words(
            "Korttien siirto merkin jälkeen",
            "Vain lusikat ja kieli: jatkavatko merkin antaneet korttien siirtämistä",
            ("Merkin antanut lopettaa siirtämisen", "Merkin antanut jatkaa siirtämistä"),
        ),
    },
    ("spoons", "lives"): {
        "en": Words(
            "Lives each",
            "A player who loses her last life is out; three lives spell P-I-G",
        ),
        "fi": Words(
            "Elämiä kullakin",
            "Viimeisen elämänsä menettänyt pelaaja putoaa; kolme elämää tavaa P-I-G",
        ),
    },
    ("mystery-date", "mid_side_doors"): {
        "en": Words(
            "Doors in the middle of the sides",
            "Each side's middle space (take one from the draw or discard pile) is a door too",
            ("Four doors, at the corners", "Eight doors, in the middle of each side too"),
        ),
        "fi": Words(
            "Ovet sivujen keskellä",
            "Kunkin sivun keskimmäinen ruutu (ota yksi pakasta tai poistopinosta) on myös ovi",
            ("Neljä ovea, kulmissa", "Kahdeksan ovea, myös sivujen keskellä"),
        ),
    },
}


def game_text(game: Rules[Any]) -> dict[str, dict[str, str]]:
    """The game's title and rules summary by language."""
    finnish = GAMES_FI[game.slug]
    return {
        "en": {"title": game.title, "rules": game.rules_summary},
        "fi": {"title": finnish.title, "rules": finnish.rules},
    }


def option_text(game: Rules[Any], option: Option) -> dict[str, dict[str, Any]]:
    """The option's title, help and value titles by language."""
    words = OPTIONS[game.slug, option.name]
    return {
        language: {**asdict(words[language]), "values": list(words[language].values)}
        for language in LANGUAGES
    }
