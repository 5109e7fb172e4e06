# syntax=docker/dockerfile:1
# Build: the contracts, the generated types, the web client and the BFF.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run gen && npm run build
# The BFF as JavaScript beside its sources: run as .ts, Node's type stripper would hold ≈ 27 MB of every BFF process's
# memory (docs/decisions/037-the-bff-at-rest.md).
RUN node scripts/lib/bff-build.ts .

# Production dependencies only.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts

# Runtime: the BFF, which also serves the built web client.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/bff ./bff
COPY --from=build /app/contract ./contract
COPY --from=build /app/generated ./generated
COPY --from=build /app/openapi/bff.yaml /app/openapi/legacy.yaml ./openapi/
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# 8 MB semi-spaces: four concurrent 1 GB Download Reports stay within 250 MB of RSS (docs/benchmarks.md).
CMD ["node", "--max-semi-space-size=8", "bff/server.js"]
