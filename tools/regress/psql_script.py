"""Splits a psql script into the units psql would act on, one at a time.

psql ends a statement at a semicolon that is outside quotes, dollar quotes,
comments, parentheses and the BEGIN ... END body of a CREATE FUNCTION or
PROCEDURE (psqlscan.l's heuristic, copied here so the same text is sent).
A backslash outside those starts a meta-command that runs to the end of the
line; \\g, \\gx, \\gset and \\gexec end the statement being collected, the others
run by themselves. A COPY ... FROM STDIN statement takes the lines after it,
up to a line "\\.", as its data. Variables (:name, :'name', :"name") are
substituted as psql does, from the values the script's \\set and \\getenv gave.
"""
from dataclasses import dataclass, field
import re

_IDENT_START = re.compile(r"[A-Za-z_\x80-\uffff]")
_IDENT = re.compile(r"[A-Za-z_\x80-\uffff][A-Za-z_0-9$\x80-\uffff]*")
_VARIABLE = re.compile(r"[A-Za-z_0-9\x80-\uffff]+")
_DOLLAR_TAG = re.compile(r"\$([A-Za-z_\x80-\uffff][A-Za-z_0-9\x80-\uffff]*)?\$")
_COPY_FROM_STDIN = re.compile(r"^\s*copy\b.*\bfrom\s+stdin\b", re.IGNORECASE | re.DOTALL)
_COPY_STDIN_ARGUMENT = re.compile(r"\bfrom\s+stdin\b", re.IGNORECASE)
_COPY_STDOUT_ARGUMENT = re.compile(r"\bto\s+stdout\b", re.IGNORECASE)
# Meta-commands that end the current statement and send it.
SEND_COMMANDS = {"g", "gx", "gset", "gexec", "gdesc"}


@dataclass
class Statement:
    """One SQL text psql would send, with the line it starts on."""
    sql: str
    line: int
    copy_data: str | None = None     # lines after COPY ... FROM STDIN, up to "\."
    send_command: str | None = None  # the \g-family command that sent it, if any
    send_argument: str = ""          # e.g. the prefix of \gset


@dataclass
class MetaCommand:
    """A backslash command that did not send a statement (\\set, \\d, ...)."""
    name: str
    argument: str
    line: int


@dataclass
class _State:
    buffer: list = field(default_factory=list)
    start_line: int = 0
    paren_depth: int = 0
    begin_depth: int = 0
    identifiers: list = field(default_factory=list)
    identifier_count: int = 0

    def text(self):
        return "".join(self.buffer)

    def reset(self):
        self.buffer.clear()
        self.paren_depth = 0
        self.begin_depth = 0
        self.identifiers.clear()
        self.identifier_count = 0


class PsqlScript:
    """Iterates over Statement and MetaCommand items of a script. The caller
    passes the psql variables; \\set, \\unset and \\getenv update them as the
    iteration reaches those commands, so later text sees the new values."""

    def __init__(self, text, variables=None, environment=None):
        self.text = text
        self.variables = variables if variables is not None else {}
        self.environment = environment if environment is not None else {}
        # The caller keeps these as the server says, as psql does: whether
        # '...' strings take backslash escapes (standard_conforming_strings),
        # and whether the last COPY ... FROM STDIN was accepted.
        self.standard_strings = True
        self.copy_accepted = True

    def __iter__(self):
        text = self.text
        state = _State()
        position = 0
        line = 1
        length = len(text)
        conditions = []  # per open \if: [branch active now, a branch was taken]

        def emit_statement(send_command=None, send_argument=""):
            sql = state.text().strip()
            statement = Statement(sql, state.start_line, None, send_command, send_argument)
            state.reset()
            return statement

        while position < length:
            char = text[position]
            if not state.buffer and char in " \t\r\n":
                line += char == "\n"
                position += 1
                continue
            if not state.buffer:
                state.start_line = line
            if text.startswith("--", position):
                end = text.find("\n", position)
                end = length if end < 0 else end
                if any(part.strip() for part in state.buffer):
                    state.buffer.append(text[position:end])
                position = end
                continue
            if text.startswith("/*", position):
                end = _comment_end(text, position)
                state.buffer.append(text[position:end])
                line += text.count("\n", position, end)
                position = end
                continue
            if char == "'" or (char in "eE" and text.startswith("'", position + 1)
                               and not _continues_word(text, position)):
                prefixed = char != "'"
                unicode_string = text[max(position - 2, 0):position].lower() == "u&"
                escapes = prefixed or not (self.standard_strings or unicode_string)
                quote = position + (1 if prefixed else 0)
                end = _quote_end(text, quote, "'", escapes)
                state.buffer.append(text[position:end])
                line += text.count("\n", position, end)
                position = end
                continue
            if char == '"':
                end = _quote_end(text, position, '"', False)
                state.buffer.append(text[position:end])
                line += text.count("\n", position, end)
                position = end
                continue
            if char == "$" and not _continues_word(text, position):
                tag = _DOLLAR_TAG.match(text, position)
                if tag:
                    close = text.find(tag.group(0), tag.end())
                    end = length if close < 0 else close + len(tag.group(0))
                    state.buffer.append(text[position:end])
                    line += text.count("\n", position, end)
                    position = end
                    continue
            if char == ":" and not text.startswith("::", position) and \
                    not (position > 0 and text[position - 1] == ":"):
                substituted, end = self._substitute(text, position)
                if substituted is not None:
                    if text[position + 1] in "'\"":
                        state.buffer.append(substituted)
                        position = end
                    else:
                        # psql lexes a :name value as more input: its
                        # semicolons end statements too.
                        text = text[:position] + substituted + text[end:]
                        length = len(text)
                    continue
            if char == "\\":
                if text.startswith("\\;", position):
                    state.buffer.append(";")
                    position += 2
                    continue
                end = text.find("\n", position)
                end = length if end < 0 else end
                command_line = text[position + 1:end]
                separator = _separator(command_line)
                if separator >= 0:
                    command_line = command_line[:separator]
                    end = position + 1 + separator + 2
                name, _, argument = command_line.strip().partition(" ")
                name, argument = name.strip(), argument.strip()
                position = end
                if name in ("if", "elif", "else", "endif"):
                    self._branch(conditions, name, argument)
                    continue
                active = all(frame[0] for frame in conditions)
                if name in SEND_COMMANDS:
                    statement = emit_statement(name, argument)
                    if active:
                        yield statement
                    continue
                if not active:
                    continue
                if name in ("q", "quit"):
                    return
                if name in ("r", "reset"):
                    state.reset()
                if name == "copy" and _COPY_STDIN_ARGUMENT.search(argument):
                    # psql's \copy ... from stdin reads the script's next lines.
                    statement = Statement("COPY " + argument, line)
                    after, after_line, statement.copy_data = _copy_data(text, position, line)
                    self.copy_accepted = True
                    yield statement
                    if self.copy_accepted:
                        position, line = after, after_line
                    continue
                if name == "copy" and _COPY_STDOUT_ARGUMENT.search(argument):
                    yield Statement("COPY " + argument, line)
                    continue
                self._apply_meta(name, argument)
                yield MetaCommand(name, argument, line)
                continue
            if char == ";" and state.paren_depth == 0 and state.begin_depth == 0:
                state.buffer.append(";")
                position += 1
                statement = emit_statement()
                statement.sql = statement.sql[:-1].rstrip()
                if not _COPY_FROM_STDIN.match(statement.sql):
                    if all(frame[0] for frame in conditions):
                        yield statement
                    continue
                after, after_line, statement.copy_data = _copy_data(text, position, line)
                self.copy_accepted = True
                if all(frame[0] for frame in conditions):
                    yield statement
                # psql reads the data only when the server asked for it; a
                # COPY refused at once leaves those lines to be read as SQL.
                if self.copy_accepted:
                    position, line = after, after_line
                continue
            if char == "(":
                state.paren_depth += 1
            elif char == ")" and state.paren_depth > 0:
                state.paren_depth -= 1
            elif _IDENT_START.match(char) and not _continues_word(text, position):
                word = _IDENT.match(text, position).group(0)
                self._track_identifier(state, word)
                state.buffer.append(word)
                position += len(word)
                continue
            state.buffer.append(char)
            line += char == "\n"
            position += 1
        rest = state.text().strip()
        if rest and all(frame[0] for frame in conditions):
            yield Statement(rest, state.start_line)

    @staticmethod
    def _track_identifier(state, word):
        # psqlscan.l: inside CREATE [OR REPLACE] FUNCTION|PROCEDURE, BEGIN ... END
        # (and CASE ... END within it) keep semicolons from ending the statement.
        lower = word.lower()
        if lower in ("create", "function", "procedure", "or", "replace") and \
                state.identifier_count == len(state.identifiers):
            state.identifiers.append(lower[0])
        state.identifier_count += 1
        ids = state.identifiers + [""] * 4
        is_routine = ids[0] == "c" and (ids[1] in ("f", "p") or
                                        (ids[1] == "o" and ids[2] == "r" and ids[3] in ("f", "p")))
        if is_routine and state.paren_depth == 0:
            if lower == "begin":
                state.begin_depth += 1
            elif lower == "case" and state.begin_depth >= 1:
                state.begin_depth += 1
            elif lower == "end" and state.begin_depth > 0:
                state.begin_depth -= 1

    def _substitute(self, text, position):
        """psql's :name, :'name' (as a literal) and :"name" (as an identifier);
        an unknown variable is left as it is."""
        following = text[position + 1:position + 2]
        if following in ("'", '"'):
            match = _VARIABLE.match(text, position + 2)
            if match and text.startswith(following, match.end()) and match.group(0) in self.variables:
                value = self.variables[match.group(0)]
                if following == "'":
                    quoted = "'" + value.replace("'", "''") + "'"
                    if "\\" in value:
                        quoted = "E" + quoted.replace("\\", "\\\\")
                else:
                    quoted = '"' + value.replace('"', '""') + '"'
                return quoted, match.end() + 1
            return None, position
        match = _VARIABLE.match(text, position + 1)
        if match and match.group(0) in self.variables:
            return self.variables[match.group(0)], match.end()
        return None, position

    def _branch(self, conditions, name, argument):
        """psql's \\if / \\elif / \\else / \\endif; a condition is only evaluated
        when the enclosing branches are active, as psql does."""
        enclosing = all(frame[0] for frame in conditions[:-1]) if name != "if" else \
            all(frame[0] for frame in conditions)
        if name == "if":
            value = enclosing and _boolean(_meta_arguments(argument, self.variables))
            conditions.append([value, value])
        elif not conditions:
            return
        elif name == "elif":
            frame = conditions[-1]
            value = enclosing and not frame[1] and _boolean(_meta_arguments(argument, self.variables))
            frame[0] = value
            frame[1] = frame[1] or value
        elif name == "else":
            frame = conditions[-1]
            frame[0] = enclosing and not frame[1]
            frame[1] = True
        else:
            conditions.pop()

    def _apply_meta(self, name, argument):
        if name == "set":
            words = _meta_arguments(argument, self.variables)
            if words:
                self.variables[words[0]] = "".join(words[1:])
        elif name == "unset":
            words = _meta_arguments(argument, self.variables)
            if words:
                self.variables.pop(words[0], None)
        elif name == "getenv":
            words = _meta_arguments(argument, self.variables)
            if len(words) == 2 and words[1] in self.environment:
                self.variables[words[0]] = self.environment[words[1]]


def _meta_arguments(argument, variables):
    """Arguments of a meta-command: words, 'quoted' words (with \\ escapes and
    '' for a quote) and :variable / :'variable' references."""
    words = []
    position = 0
    while position < len(argument):
        if argument[position] in " \t":
            position += 1
            continue
        word = []
        while position < len(argument) and argument[position] not in " \t":
            char = argument[position]
            if char == "'":
                position += 1
                while position < len(argument):
                    if argument.startswith("''", position):
                        word.append("'")
                        position += 2
                    elif argument[position] == "'":
                        position += 1
                        break
                    elif argument[position] == "\\" and position + 1 < len(argument):
                        word.append({"n": "\n", "t": "\t"}.get(argument[position + 1], argument[position + 1]))
                        position += 2
                    else:
                        word.append(argument[position])
                        position += 1
                continue
            if argument.startswith(":{?", position):
                close = argument.find("}", position)
                if close > 0:
                    word.append("TRUE" if argument[position + 3:close] in variables else "FALSE")
                    position = close + 1
                    continue
            if char == ":":
                quote = argument[position + 1:position + 2]
                start = position + (2 if quote in ("'", '"') else 1)
                match = _VARIABLE.match(argument, start)
                if match and match.group(0) in variables:
                    value = variables[match.group(0)]
                    if quote == "'":
                        value = "'" + value.replace("'", "''") + "'"
                        end = match.end() + 1
                    elif quote == '"':
                        value = '"' + value + '"'
                        end = match.end() + 1
                    else:
                        end = match.end()
                    word.append(value)
                    position = end
                    continue
            word.append(char)
            position += 1
        words.append("".join(word))
    return words


def _separator(command_line):
    """Where "\\\\" (psql's separator between meta-commands on one line)
    starts outside quotes, or -1."""
    quote = None
    position = 0
    while position < len(command_line):
        char = command_line[position]
        if quote:
            if char == "\\" and quote == "'":
                position += 2
                continue
            if char == quote:
                quote = None
        elif char in "'\"`":
            quote = char
        elif command_line.startswith("\\\\", position):
            return position
        position += 1
    return -1


def _boolean(words):
    """psql's ParseVariableBool: unambiguous prefixes of true/false/yes/no,
    on/off, 1/0; anything else is false (psql reports it and takes false)."""
    value = " ".join(words).strip().lower()
    if not value:
        return False
    if value in ("1",) or (len(value) >= 2 and "on".startswith(value)):
        return True
    if "true".startswith(value) or "yes".startswith(value):
        return True
    return False


def _continues_word(text, position):
    return position > 0 and (text[position - 1].isalnum() or text[position - 1] in "_$")


def _comment_end(text, position):
    """End of a /* */ comment; they nest."""
    depth = 0
    while position < len(text):
        if text.startswith("/*", position):
            depth += 1
            position += 2
        elif text.startswith("*/", position):
            depth -= 1
            position += 2
            if depth == 0:
                return position
        else:
            position += 1
    return len(text)


def _quote_end(text, position, quote, backslash_escapes):
    position += 1
    while position < len(text):
        char = text[position]
        if backslash_escapes and char == "\\":
            position += 2
            continue
        if char == quote:
            if text.startswith(quote, position + 1):
                position += 2
                continue
            return position + 1
        position += 1
    return len(text)


def _copy_data(text, position, line):
    """The data lines that follow COPY ... FROM STDIN: from the next line up
    to a line that is "\\." (or the end of the script)."""
    newline = text.find("\n", position)
    if newline < 0:
        return len(text), line, ""
    start = newline + 1
    line += 1
    data = []
    cursor = start
    while cursor < len(text):
        end = text.find("\n", cursor)
        end = len(text) if end < 0 else end
        content = text[cursor:end]
        line += 1
        if content.rstrip("\r") == "\\.":
            return min(end + 1, len(text)), line, "".join(data)
        data.append(content + "\n")
        cursor = end + 1
    return len(text), line, "".join(data)
