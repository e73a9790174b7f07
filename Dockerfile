# The gateway image: one stateless replica. Build: docker build -t four-rest-one-graph .
# Run: docker run -p 4000:4000 --env-file .env four-rest-one-graph (see README, Deployment).
ARG NODE_VERSION=20-bookworm-slim

# Build stage: the full install from the lock file, then the dev tools pruned away.
FROM node:${NODE_VERSION} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
RUN npm prune --omit=dev --no-audit --no-fund

# Runtime stage: production dependencies and the app only, run as the unprivileged `node` user.
FROM node:${NODE_VERSION} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY package.json tsconfig.json .meshrc.yml ./
COPY schema ./schema
COPY src ./src
# Sandboxes with state keep it under var/; the only directory the app writes to.
RUN mkdir var && chown node:node var
USER node
EXPOSE 4000
# Liveness with node itself: slim images have no curl. The start period covers Mesh's build.
HEALTHCHECK --interval=15s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly, not npm start: npm does not pass SIGTERM on, and the drain needs it.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/main.ts"]
