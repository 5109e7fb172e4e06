// Text put into the sandbox's own HTML pages (reports, the admin tool, the providers' and the client's stand-ins).

/** The text with the characters HTML gives a meaning (& < > " ') escaped, for an element's text or an attribute. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
