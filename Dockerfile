# The API and the projector worker: one image, run from the TypeScript sources with
# @swc-node/register as `npm start` does (no build step). docker-compose.yml picks the command.
FROM node:20-bookworm-slim

WORKDIR /app

# Dependencies first, so that a change of the sources reuses this layer. Dev dependencies are
# included on purpose: @swc-node/register and @swc/core compile the sources when they load.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund && npm cache clean --force

COPY . .
# PGlite's folder when the image runs without DATABASE_URL.
RUN mkdir -p /app/data && chown node:node /app/data

USER node
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
EXPOSE 3000

CMD ["node", "-r", "@swc-node/register", "apps/api/src/main.ts"]
