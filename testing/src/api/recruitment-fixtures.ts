import { areas, companies, type Executor, employees, positions } from '@planillas/db'

let sequence = 0

/** An area, a position, a company and an employee of that company, inserted directly. */
export async function recruitmentFixtures(db: Executor, label = 'Base') {
  sequence++
  const [area] = await db
    .insert(areas)
    .values({ description: `${label} área ${sequence}` })
    .returning()
  const [position] = await db
    .insert(positions)
    .values({ description: `${label} cargo ${sequence}` })
    .returning()
  const [company] = await db
    .insert(companies)
    .values({
      ruc: String(20_600_000_000 + sequence),
      name: `${label} S.A.C. ${sequence}`,
      address: 'Av. Lima 1',
    })
    .returning()
  const [employee] = await db
    .insert(employees)
    .values({
      identifierType: 1,
      identifier: String(40_000_000 + sequence),
      name: 'Rosa',
      surname: `Huamán ${sequence}`,
      companyId: company.id,
    })
    .returning()
  return { area, position, company, employee }
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
export const DOC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])

/** A multipart body as a browser sends it. */
export async function multipart(
  form: Record<string, string | number>,
  file?: { name: string; content: Buffer },
) {
  const data = new FormData()
  for (const [key, value] of Object.entries(form)) data.append(key, String(value))
  if (file) data.append('cv', new Blob([new Uint8Array(file.content)]), file.name)
  const encoded = new Response(data)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  }
}
