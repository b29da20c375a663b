# One image for every role; the command picks it (see docker-compose.yml). The processes run as built
# JavaScript (`npm run build` writes dist/server/; no TypeScript loader at run time):
#   api     node --max-old-space-size=256 --max-semi-space-size=8 dist/server/api.mjs
#   web     node dist/server/web.mjs
#   worker  node --max-old-space-size=256 --max-semi-space-size=8 dist/server/worker.mjs
#   idp     node dist/server/idp.mjs   (development identity provider)
# Node: exactly .nvmrc's version, the one CI runs the tests on (.ci/node; docs/decisions/node-version.md).
FROM node:26.10.0-trixie-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY formats/package.json formats/
COPY storage/package.json storage/
COPY queue/package.json queue/
COPY db/package.json db/
COPY api/package.json api/
COPY worker/package.json worker/
COPY remix/package.json remix/
COPY scripts/dev-idp/package.json scripts/dev-idp/
COPY testing/package.json testing/
# Not `npm ci`: this registry omits other platforms' optional packages from the lockfile, which
# `npm ci` calls inconsistent; `npm install` still honours the lockfile (docs/decisions/npm-install-not-ci.md).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:26.10.0-trixie-slim
WORKDIR /app
ENV NODE_ENV=production \
    API_HOST=0.0.0.0 \
    WEB_HOST=0.0.0.0 \
    IDP_HOST=0.0.0.0 \
    FILES_DIR=/app/.data/files
COPY --from=build /app /app
# xmllint validates the suppliers' XMLs against formats/xsd/ubl-2.1 (docs/decisions/cpe-xml.md).
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libxml2-utils \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /app/.data/files && chown -R node:node /app/.data
USER node
EXPOSE 3000 3001 3002
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=8", "dist/server/api.mjs"]
