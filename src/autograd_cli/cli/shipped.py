"""The bodies of `docs` and `samples`: what ships with the tool, found after `pip install`."""
from __future__ import annotations

import sys

from autograd_cli.cli.terminal import console, print_error, write_json
from autograd_cli.support.errors import AgError, escape_controls

EXIT_OK, EXIT_ERROR = 0, 2


def docs_body(name, as_json) -> int:
    from autograd_cli.support import bundled

    if name is None:
        return _listing("documents", bundled.documents(), "autograd-cli docs NAME shows one", as_json)
    try:
        doc = bundled.document(name)
        text = doc.path.read_text(encoding="utf-8", errors="replace")
    except AgError as exc:
        print_error(f"autograd-cli docs: {exc}")
        return EXIT_ERROR
    except OSError as exc:
        print_error(f"autograd-cli docs: cannot read {name}: {exc.strerror or exc}")
        return EXIT_ERROR
    if as_json:
        from autograd_cli.render.jsonout import dumps

        write_json(dumps({"name": doc.name, "path": str(doc.path), "text": text}))
    elif sys.stdout.isatty():
        from autograd_cli.render.bundledout import document_view

        console().print(document_view(text))
    else:                           # into a pager or a file: the Markdown itself
        sys.stdout.write(escape_controls(text))
    return EXIT_OK


def samples_body(copy_to, as_json) -> int:
    from autograd_cli.support import bundled

    try:
        if copy_to is None:
            return _listing("sample programs", bundled.samples(),
                            "autograd-cli samples --copy-to DIR copies them (then: autograd-cli eval DIR/linear_model.ag)",
                            as_json)
        written = bundled.copy_samples(copy_to)
    except AgError as exc:
        print_error(f"autograd-cli samples: {exc}")
        return EXIT_ERROR
    if as_json:
        from autograd_cli.render.jsonout import dumps

        write_json(dumps({"written": written}))
    else:
        print(f"samples: {len(written)} files written under {copy_to}" if written
              else f"samples: {copy_to} already holds every sample", file=sys.stderr)
    return EXIT_OK


def _listing(title, items, hint, as_json) -> int:
    from autograd_cli.support import bundled

    if not items:
        print_error(f"autograd-cli: no {title} are installed with this copy")
        return EXIT_ERROR
    if as_json:
        from autograd_cli.render.jsonout import dumps

        write_json(dumps({title.split()[-1]: [{"name": i.name, "summary": i.summary, "path": str(i.path)}
                                              for i in items]}))
        return EXIT_OK
    from autograd_cli.render.bundledout import bundled_table

    folder = items[0].path.parent if title == "documents" else bundled.bundled_dir("samples")
    out = console()
    out.print(bundled_table(f"{title} ({len(items)})", items, str(folder), hint, out.width))
    return EXIT_OK
