/**
 * The header always shows the ID number masked (110***********1234), whatever the caller's role:
 * the list answers are masked by the server already, but a permitted role's detail answer is not,
 * and a header is on screen for anyone passing by. Values with a '*' are left as the server sent.
 */
export function maskIdCard(value: string | undefined): string {
  if (!value) return '';
  if (value.includes('*') || value.length < 8) return value;
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}
