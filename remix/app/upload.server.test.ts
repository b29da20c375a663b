import { describe, expect, it } from 'vitest'
import { leadingFields, parseFieldParts } from './upload.server'

async function encoded(form: FormData) {
  const response = new Response(form)
  const boundary = /boundary=(.+)$/.exec(response.headers.get('content-type') ?? '')?.[1] ?? ''
  return { boundary, body: Buffer.from(await response.arrayBuffer()) }
}

/** A stream that hands out the body in small chunks and says how much of it was read. */
function chunked(body: Buffer, size = 16) {
  let offset = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) return controller.close()
      controller.enqueue(body.subarray(offset, offset + size))
      offset += size
    },
  })
  return { stream, read: () => offset }
}

describe('the text fields that precede the files of an upload', () => {
  it('reads them and stops at the first file, leaving the rest of the body unread', async () => {
    const form = new FormData()
    form.append('payrollNumber', 'PL-Ñandú 1')
    form.append('payrollDesc', 'línea 1\r\nlínea 2')
    form.append('file', new Blob([new Uint8Array(200_000)]), 'abonos.xlsx')
    form.append('late', 'no se lee')
    const { boundary, body } = await encoded(form)
    const { stream, read } = chunked(body)
    expect(await leadingFields(stream, boundary)).toEqual({
      payrollNumber: 'PL-Ñandú 1',
      payrollDesc: 'línea 1\r\nlínea 2',
    })
    expect(read()).toBeLessThan(2000)
  })

  it('reads a form without files to its end, and keeps empty values', async () => {
    const form = new FormData()
    form.append('a', '')
    form.append('b', 'x')
    const { boundary, body } = await encoded(form)
    expect(await leadingFields(chunked(body).stream, boundary)).toEqual({ a: '', b: 'x' })
  })

  it('ignores a part cut off in the middle', () => {
    const head =
      '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--B\r\nContent-Disposition: form-data; name="b"\r\n\r\n2'
    expect(parseFieldParts(head, 'B')).toEqual({ fields: { a: '1' }, sawFile: false })
  })
})
