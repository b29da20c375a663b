import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import {
  FileNotFoundError,
  type FileStorage,
  newStorageKey,
  STORAGE_KEY_PATTERN,
  StorageUnavailableError,
} from './file-storage'

export type S3StorageOptions = {
  bucket: string
  /** `http://minio:9000`; absent for AWS itself. */
  endpoint?: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
  /** `bucket` in the path instead of the host name: MinIO and most self-hosted servers need it. */
  forcePathStyle: boolean
  /** Bytes per part of a multipart upload (S3's minimum, 5 MiB, unless told otherwise). */
  partSize?: number
  /** Milliseconds to open a connection to the server before it counts as down. */
  connectTimeoutMs?: number
  /** Milliseconds a request may go without a byte either way before it counts as down. */
  idleTimeoutMs?: number
}

/**
 * A clerk waits on the upload: a server that is down or hangs must be told within 5 s (a Spanish
 * 503), so a connection gets 1.5 s to open and a request 3 s without a byte either way, and a
 * timed-out request is not repeated (docs/decisions/storage-faults.md). A multipart upload sends a
 * part only once it is buffered, so the S3 socket never waits on a slow browser.
 */
export const S3_CONNECT_TIMEOUT_MS = 1_500
export const S3_IDLE_TIMEOUT_MS = 3_000

/** Network failures that mean the server is down or unreachable, not that one file is wrong. */
const NETWORK_FAULT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
])

/**
 * The error as `StorageUnavailableError` when the object store answered with an error (wrong
 * credentials, missing bucket, a 5xx) or could not be reached; anything else (the upload stream
 * itself failing) is the request's, and is returned unchanged.
 */
export function asS3Fault(error: unknown): unknown {
  if (error instanceof StorageUnavailableError) return error
  if (error instanceof S3ServiceException) {
    const status = error.$metadata?.httpStatusCode
    return new StorageUnavailableError(`S3 ${error.name}${status ? ` ${status}` : ''}`, { cause: error })
  }
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && NETWORK_FAULT_CODES.has(code))
    return new StorageUnavailableError(`S3 ${code}`, { cause: error })
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'TimeoutError' || name === 'RequestTimeout')
    return new StorageUnavailableError(`S3 ${String(name)}`, { cause: error })
  return error
}

/**
 * Files as objects of one bucket of an S3-compatible server (AWS S3, MinIO…), so that every API
 * and worker process, on any host, sees the same files. Writes go through `Upload`, which sends a
 * small body in one request and a large or streamed one in parts, never holding the whole file in
 * memory; reads are streamed from the server.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Only what S3 requires: self-hosted servers differ on the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A clerk waits on the upload: a dead server must fail the request within seconds, not hang it.
    requestHandler: {
      connectionTimeout: options.connectTimeoutMs ?? S3_CONNECT_TIMEOUT_MS,
      requestTimeout: options.idleTimeoutMs ?? S3_IDLE_TIMEOUT_MS,
      // Without it the SDK only warns when the time is up and the request hangs on.
      throwOnRequestTimeout: true,
    },
    maxAttempts: 1,
  })
  const Bucket = options.bucket
  const checkedKey = (key: string) => {
    // Keys come from the database, but a key that is not ours is never asked for.
    if (!STORAGE_KEY_PATTERN.test(key)) throw new FileNotFoundError(key)
    return key
  }
  return {
    kind: 's3',
    // Nothing is written beside the bucket: a failed upload aborts its parts, and the parts of a
    // process killed mid-upload are the bucket's lifecycle rule's (AbortIncompleteMultipartUpload).
    async sweepTemporaries() {
      return 0
    },
    async put(body, meta) {
      const Key = newStorageKey(meta)
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body, ContentType: meta.contentType },
        partSize: options.partSize,
        queueSize: 2,
        // Aborted below, without making the clerk wait for it: a hung server would hang the abort too.
        leavePartsOnError: true,
      })
      try {
        await upload.done()
      } catch (error) {
        // A failed single-request write stores nothing; a failed multipart one is aborted in the
        // background (no parts left to pay for; a server that is down leaves them to the bucket's
        // lifecycle rule). `uploadId` is the library's own, set once the multipart upload began.
        const UploadId = (upload as unknown as { uploadId?: string }).uploadId
        if (UploadId)
          void client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined)
        throw asS3Fault(error)
      }
      return Key
    },
    async *listKeys(modifiedBefore) {
      let ContinuationToken: string | undefined
      do {
        let page: ListObjectsV2CommandOutput
        try {
          page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
        } catch (error) {
          throw asS3Fault(error)
        }
        for (const object of page.Contents ?? []) {
          const key = object.Key ?? ''
          if (STORAGE_KEY_PATTERN.test(key) && object.LastModified && object.LastModified < modifiedBefore)
            yield key
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async get(key) {
      const Key = checkedKey(key)
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }))
        if (!(answer.Body instanceof Readable)) throw new StorageUnavailableError('S3 empty body')
        return answer.Body
      } catch (error) {
        if (error instanceof NoSuchKey || (error as S3ServiceException).$metadata?.httpStatusCode === 404)
          throw new FileNotFoundError(key)
        throw asS3Fault(error)
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }))
      } catch (error) {
        throw asS3Fault(error)
      }
    },
    async check() {
      // At the bucket's top, not in a folder: an S3-compatible server that keeps objects as files
      // (s3rver, MinIO in a folder) removes an emptied folder, racing another process's probe.
      const Key = `.health-${randomUUID()}`
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: 'ok' }))
        await client.send(new DeleteObjectCommand({ Bucket, Key }))
      } catch (error) {
        const fault = asS3Fault(error)
        throw fault instanceof StorageUnavailableError
          ? fault
          : new StorageUnavailableError('S3 check', { cause: error })
      }
    },
  }
}
