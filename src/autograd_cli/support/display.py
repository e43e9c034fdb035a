"""How a notebook shows our results: IPython displays an object through its class's
`_repr_html_`. The result classes (api's evaluations, explain's records, a report) sit
below the render layer and may not import it, so each one's `_repr_html_` asks
`html_of`, and the package's top (autograd_cli/notebook.py, run when the package is
imported) registers the function that renders each class. Registering costs nothing:
the renderers import the render layer only when a notebook first displays something."""
from __future__ import annotations

_RENDERERS: dict = {}    # "module.ClassName" -> function(object) -> HTML text


def register(class_name: str, render) -> None:
    _RENDERERS[class_name] = render


def html_of(obj) -> str | None:
    """The object's HTML, or None (IPython then shows its plain repr)."""
    for cls in type(obj).__mro__:
        render = _RENDERERS.get(f"{cls.__module__}.{cls.__qualname__}")
        if render is not None:
            return render(obj)
    return None


class HtmlDisplay:
    """A mixin: the class displays in a notebook as the HTML registered for it."""

    __slots__ = ()

    def _repr_html_(self):
        return html_of(self)
