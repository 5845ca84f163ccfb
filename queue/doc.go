// Package queue works the jobs a store's queue holds (River, in the same
// database as the knowledge: SQLite or PostgreSQL), in as many processes
// as there are workers: `verity worker` runs one, `verity serve --workers
// N` runs them inside a server. Each job runs once at a time: River hands
// it to one worker, and a worker killed mid-job leaves it running until
// River's rescuer, after the rescue delay, queues it again; the next
// attempt continues where the last committed (extraction keeps each page
// it finishes, and every model answer is cached in the store), so nothing
// is lost or done twice.
//
// This package decides nothing about rights or results: it gives each job
// to a handler (the service's RunJob, wired by cmd/verity), records the
// handler's report as the job's output, and turns a cancellation or an
// error no retry can mend into the job's end.
package queue
