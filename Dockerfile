FROM node:22-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY client/package.json client/
COPY server/package.json server/
COPY worker/package.json worker/
COPY shared-types/package.json shared-types/
COPY core/package.json core/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
EXPOSE 5000
