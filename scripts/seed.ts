import { openDatabase } from '@planillas/db'
import { seedDemo } from '@planillas/db/seed'
import { createStorage } from '@planillas/storage'

/** `npm run db:seed`: the demo data, with its files in the configured store (FILES_DIR). */
const handle = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DIR })
const summary = await seedDemo(handle.db, createStorage())
console.log(summary ?? 'Los datos de demostración ya estaban cargados: no se agregó nada.')
await handle.close()
