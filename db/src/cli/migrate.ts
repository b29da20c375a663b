import { openDatabase } from '../client'

const handle = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DIR })
console.log(`Migraciones aplicadas (${handle.kind}).`)
await handle.close()
