# One image for the web processes and the worker (docker-compose.yml picks the command).
FROM node:22-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY client/package.json client/
COPY server/package.json server/
COPY worker/package.json worker/
COPY shared-types/package.json shared-types/
COPY core/package.json core/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
# .dockerignore keeps data/, .env, node_modules, .git and test results out of the image.
COPY . .
RUN npm run build
# The app runs as the image's unprivileged `node` user: it may write only under data/
# (a generated secret, the outbox without SMTP_URL), never over its own code.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
ENV NODE_ENV=production
EXPOSE 5000
# A web process is healthy when /api/health answers 200 (PostgreSQL and Redis reachable);
# the worker's container replaces this check with its own (docker-compose.yml).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "run", "start:web"]
