import { silentLogger } from '@planillas/worker/context'
import { processVoucherImport } from '@planillas/worker/processors/voucher-import'
import type { FilesTestApp } from './app'

/** The worker's 'voucher-import' job for a batch, run on the test API's database and storage. */
export const runVoucherImport = (t: FilesTestApp, batchId: number) =>
  processVoucherImport({ batchId }, { db: t.handle.db, storage: t.storage(), log: silentLogger })

/** A 'Carga de comprobantes' as the HR clerk reads it. */
export const voucherBatchOf = async (t: FilesTestApp, id: number) =>
  (await t.call('rrhh', { method: 'GET', url: `/api/v1/voucher-batches/${id}` })).body.payload

/** The rows of a 'Carga de comprobantes' that were not loaded (the first 100), as the HR clerk reads them. */
export const voucherBatchErrors = async (t: FilesTestApp, id: number) =>
  (await t.call('rrhh', { method: 'GET', url: `/api/v1/voucher-batches/${id}/errors?size=100` })).body.payload
    .content
