// bench.players' peer: a boardgame.io server of CrazyEights on PORT, storing matches in
// PostgreSQL through bgio-postgres (sequelize's default pool) when DATABASE_URL is set,
// in memory otherwise. Prints "ready" once it listens.
const { Server } = require('boardgame.io/server');
const { PostgresStore } = require('bgio-postgres');
const { CrazyEights } = require('./game');

const url = process.env.DATABASE_URL;
const db = url ? new PostgresStore(url, { logging: false }) : undefined;
const server = Server({ games: [CrazyEights], db, origins: [] });
server.run({ port: Number(process.env.PORT), callback: () => console.log('ready') });
