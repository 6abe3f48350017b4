"""A person typing at `play`, for the dialogue tests: answers given one by one, EOF
(Ctrl-D) when they run out, every question and line the dialogue said kept."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence


class Script:
    """Answers typed one by one; EOF when they run out.  ``meanwhile`` runs before the
    answer at that index is given (another terminal at work while the question is open)."""

    def __init__(
        self, answers: Sequence[str], meanwhile: Mapping[int, Callable[[], object]] | None = None
    ) -> None:
        self.answers = list(answers)
        self.meanwhile = dict(meanwhile or {})
        self.prompts: list[str] = []
        self.out: list[str] = []

    def ask(self, prompt: str) -> str:
        action = self.meanwhile.get(len(self.prompts))
        self.prompts.append(prompt)
        self.out.append(prompt)
        if action is not None:
            action()
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def say(self, text: str) -> None:
        self.out.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.out)
