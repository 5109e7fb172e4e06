// Links the BFF hands out (the public mini-assessment link, the card provider's return page) are made on the
// portal origin the visitor uses, when it is one of ALLOWED_ORIGINS, else on the first allowed one.

export function portalOrigin(requestOrigin: string | undefined, allowedOrigins: readonly string[]): string | undefined {
  return requestOrigin && allowedOrigins.includes(requestOrigin) ? requestOrigin : allowedOrigins[0];
}
