/** Just enough of RFC 5322 for tests: a header's value and the decoded text body. */
export function parseMail(raw: string): { header(name: string): string | undefined; text: string } {
  const [head = "", ...rest] = raw.replace(/\r\n/g, "\n").split("\n\n");
  const unfolded = head.replace(/\n[ \t]+/g, " ");
  let body = rest.join("\n\n");
  if (/content-transfer-encoding:\s*quoted-printable/i.test(unfolded)) {
    body = body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return {
    header: (name) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded)?.[1]?.trim(),
    text: body,
  };
}
