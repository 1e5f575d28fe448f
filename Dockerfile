# syntax=docker/dockerfile:1
# Medida's production image (issue 34 item 6, decision 223): built in one stage, run from a second one that holds
# only the production dependencies and the built server and web app, as the unprivileged `node` user.
#   docker build -t medida .
# compose.yaml runs two of these behind Caddy with one PostgreSQL; README "Run it for a practice".

FROM node:20-bookworm-slim AS build
WORKDIR /src
# The manifests first, so a change of sources alone reuses the installed dependencies' layer.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /src/package.json /src/package-lock.json /src/.npmrc ./
COPY --from=build /src/packages/domain/package.json packages/domain/
COPY --from=build /src/packages/contracts/package.json packages/contracts/
COPY --from=build /src/packages/db/package.json packages/db/
COPY --from=build /src/apps/server/package.json apps/server/
COPY --from=build /src/apps/web/package.json apps/web/
COPY --from=build /src/e2e/package.json e2e/
# The server's bundle imports its npm dependencies from node_modules; the workspaces' own code is inside the bundle.
RUN npm ci --omit=dev --no-audit --no-fund --workspace @medida/server --include-workspace-root=false \
    && npm cache clean --force
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data", "/backups"]
EXPOSE 3000
# Ready, not merely alive: the database, the file store and the job queue answer (GET /web/ready).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/web/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
WORKDIR /app/apps/server
CMD ["node", "--enable-source-maps", "--v8-pool-size=2", "--max-semi-space-size=4", "dist/server.js"]
