import { startWorkerService } from './service'

let service: Awaited<ReturnType<typeof startWorkerService>>
try {
  service = await startWorkerService()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

let stopping = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (stopping) return
    stopping = true
    await service.close()
    process.exit(0)
  })
}
