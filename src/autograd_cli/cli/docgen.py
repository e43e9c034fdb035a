"""Write the built-in functions reference into docs/language.md (between the
`<!-- functions:begin -->` and `<!-- functions:end -->` markers), generated from the
op table and the composite built-ins. tests/test_docs.py fails when it is stale.

    python -m autograd_cli.cli.docgen            # rewrite docs/language.md
    python -m autograd_cli.cli.docgen --check    # exit 1 if it is stale
"""
from __future__ import annotations

import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "docs" / "language.md"


def generated(document: str) -> str:
    from autograd_cli.library.catalog import catalog
    from autograd_cli.render.functionsout import markdown, splice

    return splice(document, markdown(catalog()))


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    path = Path(argv[-1]) if argv and not argv[-1].startswith("-") else DOC
    current = path.read_text(encoding="utf-8")
    fresh = generated(current)
    if "--check" in argv:
        if fresh != current:
            print(f"{path}: the built-in functions section is stale; run "
                  "python -m autograd_cli.cli.docgen", file=sys.stderr)
            return 1
        return 0
    if fresh != current:
        path.write_text(fresh, encoding="utf-8")
        print(f"{path}: built-in functions section rewritten", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
