import { describe, expect, it } from 'vitest'
import { cellSlices, type ExportColumn } from './xlsx'

/**
 * An export gives the event loop a turn every few hundred rows: a batch that came from the
 * database all at once is not turned into cells in one go while the health check and other
 * clerks' requests wait (they would, as a chain of promises never lets a timer or a socket in).
 */
describe('exports give way to the other requests', () => {
  it('lets the event loop run between slices of one large batch', async () => {
    const columns: ExportColumn<{ id: number; name: string }>[] = [
      { header: 'N°', value: (r) => r.id },
      { header: 'Nombre', value: (r) => r.name },
    ]
    const batch = Array.from({ length: 5_000 }, (_, id) => ({ id, name: `Colaborador ${id}` }))
    async function* rows() {
      yield batch
    }
    // A macrotask that counts its turns, as a waiting request's socket callback would run.
    let turns = 0
    let running = true
    const tick = () => {
      turns++
      if (running) setImmediate(tick)
    }
    setImmediate(tick)
    const seenAtSlice: number[] = []
    let cells = 0
    for await (const slice of cellSlices(rows(), columns)) {
      seenAtSlice.push(turns)
      cells += slice.length
    }
    running = false
    expect(cells).toBe(5_000)
    expect(seenAtSlice.length).toBeGreaterThan(10)
    // Between any two slices, the other work had a turn.
    for (let i = 1; i < seenAtSlice.length; i++) expect(seenAtSlice[i]).toBeGreaterThan(seenAtSlice[i - 1])
  })
})
