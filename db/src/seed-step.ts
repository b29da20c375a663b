import type { Database } from './executor'

/**
 * Where the demo data's files go (the voucher PDFs): the file store, handed in by whoever runs the
 * seed (`db/` is the database and imports no storage). Without one, steps that need files skip.
 */
export type SeedFiles = {
  put(body: Buffer, meta: { name: string; contentType: string }): Promise<string>
  delete(key: string): Promise<void>
}

export type SeedStep = {
  /** What one new row of the step is called, and several: '1 cuenta de empresa nueva', '6 empresas nuevas'. */
  counted: readonly [one: string, many: string]
  /** Adds what is missing; answers how many rows it added. */
  run: (db: Database, files: SeedFiles | undefined) => Promise<number>
}
