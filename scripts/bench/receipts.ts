import { monitorEventLoopDelay } from 'node:perf_hooks'
import { PAYMENT_LIMITS } from '@planillas/domain'
import { inspectReceiptPdf } from '@planillas/formats/receipt-pdf'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import { manyPagesPdf } from '@planillas/testing/receipt-fixtures'
import { mergeReceipts } from '@planillas/worker/payment-import/receipts-pdf'

/**
 * `npm run bench:receipts`: what the receipts cost and how long they hold the event
 * loop. (1) The upload check of the hostile file (20,000 pages) and of a receipt at the page limit,
 * as the API runs it: wall time and the longest event-loop stall. (2) The merge of a batch at the
 * page limit (5,000 pages: 100 receipts of 50), as the worker runs it: wall time, the longest
 * stall (what an embedded `npm start` API would feel) and the heap it needs. Prints figures only.
 */
const TARGET_STALL_MS = 200

async function measure<T>(label: string, run: () => Promise<T>): Promise<T> {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  const heapBefore = process.memoryUsage().heapUsed
  let heapPeak = heapBefore
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
  }, 20)
  delay.enable()
  const started = performance.now()
  const result = await run()
  const ms = performance.now() - started
  delay.disable()
  clearInterval(sampler)
  const stall = delay.max / 1e6
  console.log(
    `${label.padEnd(52)} ${ms.toFixed(0).padStart(6)} ms   longest stall ${stall.toFixed(0).padStart(4)} ms` +
      `${stall > TARGET_STALL_MS ? ' (over target)' : ''}   heap +${((heapPeak - heapBefore) / 2 ** 20).toFixed(0)} MB`,
  )
  return result
}

const limits = PAYMENT_LIMITS
const hostile = manyPagesPdf(20_000)
console.log(`Stall target: ${TARGET_STALL_MS} ms. Hostile file: ${(hostile.length / 1024).toFixed(0)} KB.`)
console.log(
  await measure('upload check: 20,000-page receipt (refused)', () =>
    inspectReceiptPdf(hostile, limits.maxReceiptPages),
  ),
)
const atLimit = await receiptPdf('hoja', limits.maxReceiptPages)
await measure(`upload check: ${limits.maxReceiptPages}-page receipt`, () =>
  inspectReceiptPdf(atLimit, limits.maxReceiptPages),
)
const receipts = limits.maxBatchReceiptPages / limits.maxReceiptPages
const merged = await measure(`merge: ${receipts} receipts × ${limits.maxReceiptPages} pages`, () =>
  mergeReceipts(
    'PL-BENCH',
    Array.from({ length: receipts }, (_, i) => ({
      fileName: `constancia-${i}.pdf`,
      documents: [String(10_000_000 + i)],
      operations: [`OP-${i}`],
      load: async () => atLimit,
    })),
  ),
)
console.log(`merged PDF: ${(merged.length / 2 ** 20).toFixed(1)} MB`)
