import { FileNotFoundError, readAll } from '@planillas/storage'
import type { WorkerContext } from '../context'

/** A batch whose uploaded file is no longer in storage ends CON ERRORES with this. */
export const FILE_MISSING = 'El archivo de la carga ya no está en el almacenamiento: vuelva a cargarlo'

/** A batch's uploaded file, whole; null when storage no longer has it. */
export async function readBatchFile(ctx: WorkerContext, fileKey: string): Promise<Buffer | null> {
  try {
    return await readAll(await ctx.storage.get(fileKey))
  } catch (error) {
    if (error instanceof FileNotFoundError) return null
    throw error
  }
}
