# The API and the projector worker: one image, compiled. docker-compose.yml picks the command.
#   docker build -t business-engine .
#   docker run -p 3000:3000 business-engine                       -> the API (PGlite in /app/data)
#   docker run business-engine node dist/projector.js   -> the worker (needs DATABASE_URL)
# `npm start` on the host stays the way to run the sources without a build.

# --- build: every dependency (TypeScript), then `npm run build` into dist/ ---
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY apps ./apps
COPY libs ./libs
RUN npm run build

# --- production dependencies only (native ones, sharp and PGlite's, for this platform) ---
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- run: the compiled apps, production dependencies, as the unprivileged `node` user ---
FROM node:22-bookworm-slim
WORKDIR /app
# MALLOC_ARENA_MAX: two malloc arenas rather than one per thread (some 10 MB less at rest; see
# `npm run start:prod` in package.json, which this image's CMD repeats).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# PGlite's folder (and photos) when the image runs without DATABASE_URL.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# The API's /health: 200 while its stores answer and no projector has stopped. The worker's
# container overrides it (docker-compose.yml checks its heartbeat file).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# dist/api.js: the API bundled into one file (scripts/bundle-dist.js), run with the V8 code cache the
# build made under these same V8 options (other options: V8 rejects it, the start takes longer); a
# young generation of 2 MB semi-spaces rather than 16 holds some 20 MB less at rest; one thread
# compiling PGlite's WebAssembly rather than one per core, some 15 MB less on PGlite.
CMD ["node", "--max-semi-space-size=2", "--wasm-num-compilation-tasks=1", "dist/api.js"]
