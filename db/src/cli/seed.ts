import { openDatabase } from '../client'
import { seedDemo } from '../seed'

const handle = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DIR })
const summary = await seedDemo(handle.db)
console.log(summary)
await handle.close()
