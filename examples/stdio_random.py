#!/usr/bin/env python3
"""A Hustings stdio engine that plays random legal choices.

Run it through the bot client, which joins the match and talks to it line by line:

    hustings-bot stdio --cmd "python3 examples/stdio_random.py" --match MATCH_ID

Each line on standard input is one decision as JSON (game, seat, version, view, prompt,
choices); the answer is one choice id per line on standard output. See
docs/ais.md ("External engines over stdin/stdout") for the protocol. An optional argument seeds the choices.
"""
import json
import random
import sys


def main() -> None:
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    for line in sys.stdin:
        request = json.loads(line)
        choice = rng.choice(request["choices"])
        print(choice["id"], flush=True)


if __name__ == "__main__":
    main()
