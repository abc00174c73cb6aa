// Named keys and the escape syntax of the "send keys" box (\r, \n, \t, \e, \xNN, \uNNNN, \\).

export const NAMED_KEYS: ReadonlyArray<readonly [label: string, bytes: string]> = [
  ["Enter", "\r"],
  ["Esc", "\x1b"],
  ["Ctrl+C", "\x03"],
  ["Tab", "\t"],
  ["Shift+Tab", "\x1b[Z"],
  ["↑", "\x1b[A"],
  ["↓", "\x1b[B"],
  ["←", "\x1b[D"],
  ["→", "\x1b[C"],
  ["Backspace", "\x7f"],
];

export function unescapeKeys(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[rnte\\])/g, (_m, code: string) => {
    switch (code[0]) {
      case "r":
        return "\r";
      case "n":
        return "\n";
      case "t":
        return "\t";
      case "e":
        return "\x1b";
      case "\\":
        return "\\";
      default:
        return String.fromCharCode(parseInt(code.slice(1), 16));
    }
  });
}
