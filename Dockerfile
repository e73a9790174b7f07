# The gateway image: one stateless replica. Build: docker build -t four-rest-one-graph .
# Run: docker run -p 4000:4000 --env-file .env four-rest-one-graph (see README, Running in production).
# Node 24, the LTS line CI runs the suite on besides the machine's Node (scripts/node-lts.sh pins
# the exact 24.x CI tests); the floating 24 tag takes each security release on rebuild.
ARG NODE_VERSION=24-bookworm-slim

# Build stage: the full install from the lock file (its prepare step compiles dist/ and the Mesh
# artefact, and primes the gateway's code cache in /app/compile-cache), then the dev tools pruned away.
FROM node:${NODE_VERSION} AS build
WORKDIR /app
ENV NODE_COMPILE_CACHE=/app/compile-cache
RUN mkdir compile-cache
COPY package.json package-lock.json tsconfig.json tsconfig.build.json .meshrc.yml ./
COPY schema ./schema
COPY scripts ./scripts
COPY src ./src
RUN npm ci --no-audit --no-fund
RUN npm prune --omit=dev --no-audit --no-fund

# Runtime stage: production dependencies and the built artefact only, as the unprivileged `node` user.
# NODE_ENV=production is the closed posture (README, Production posture): no introspection or
# GraphiQL, every *_API_URL required, C's admin fields for the admin scope only.
FROM node:${NODE_VERSION} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000 \
    NODE_COMPILE_CACHE=/app/compile-cache
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The code cache the build primed (same Node, same bundle): every container's first start takes it.
# The gateway's own user owns it, since it reads a cache only from a folder no one else can write.
COPY --from=build --chown=node:node /app/compile-cache ./compile-cache
COPY package.json ./
# The sandboxes serve the OpenAPI documents they implement.
COPY schema ./schema
# Sandboxes with state keep it under var/; the only directory the app writes to.
RUN mkdir var && chown node:node var
USER node
EXPOSE 4000
# Liveness with node itself: slim images have no curl.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly, not npm start: npm does not pass SIGTERM on, and the drain needs it.
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
