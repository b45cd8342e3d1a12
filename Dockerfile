# 도매온's image (docs/deployment.md "Containers", docs/decisions/0050): one image for the web processes
# (`node server.ts`, the default), the workers (`node scripts/worker.ts`) and the migrations
# (`node scripts/migrate.ts`). Build: `docker build -t domae .` or `podman build --format docker -t domae .`
#
# BASE is any Debian-family image (glibc, dpkg, apt): debian:bookworm-slim from a registry on a real host; the trial
# (`npm run bench:faults -- image`) builds on a base it makes from Debian's packages with debootstrap.
ARG BASE=docker.io/library/debian:bookworm-slim

# Node 24 as the npm scripts get it (docs/decisions/0015): the node-linux-<arch> package whose version and sha512
# scripts/node-runtime/package-lock.json pins, from the npm registry while building, never at run time. npm itself
# (for `npm ci` and the build only; the running image has none) is pinned here the same way.
FROM ${BASE} AS node
ARG NPM_REGISTRY=https://registry.npmjs.org
ARG NPM_VERSION=11.21.2
ARG NPM_INTEGRITY=sha512-7HPApk+AflMUavSseL1Pm6CnYqMIHk53x+KmuhqmTDqPkjPMgxIpTPcTqsE91EKNw4gFBJV9fnXiSdGm1DXq9A==
ENV NPM_REGISTRY=${NPM_REGISTRY}
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl && rm -rf /var/lib/apt/lists/*
COPY container/fetch-from-npm.sh container/node-from-lock.sh /usr/local/bin/
COPY scripts/node-runtime/package-lock.json /tmp/node-runtime-lock.json
RUN node-from-lock.sh /tmp/node-runtime-lock.json /opt/node \
 && fetch-from-npm.sh npm "$NPM_VERSION" "$NPM_INTEGRITY" /opt/npm

# What the running app imports: dependencies only (the build's server bundle imports nothing else).
FROM ${BASE} AS deps
COPY --from=node /opt/node/bin/node /usr/local/bin/node
COPY --from=node /opt/npm /opt/npm
WORKDIR /app
COPY package.json package-lock.json ./
RUN node /opt/npm/bin/npm-cli.js ci --omit=dev --ignore-scripts --no-audit --no-fund

# The production build needs the development dependencies (vite, react-router's compiler, tailwind).
FROM deps AS build
RUN node /opt/npm/bin/npm-cli.js ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/node.cjs react-router build

FROM ${BASE}
COPY --from=node /opt/node/bin/node /usr/local/bin/node
RUN useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin domae \
 && mkdir -p /data && chown domae:domae /data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/build build
# server.ts and the scripts (worker, migrate, backup, …) run from their TypeScript sources, with the app's.
COPY package.json server.ts ./
COPY app app
COPY server server
COPY scripts scripts
COPY content content
COPY config config
COPY drizzle drizzle
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
USER domae
EXPOSE 3000
# server.ts drains on SIGTERM (in-flight requests finish within 10 s): give the container a stop timeout above it.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.ts"]
