// Package pdfchild reads a PDF in a child process that can be killed: the
// parent side is a [Reader], an ingest.PDFReader that runs the program's own
// executable with the hidden subcommand [Command] under a deadline, and the
// child side is [Main], which limits its own memory and CPU, reads the PDF
// on stdin with the in-process reader and writes the text on stdout.
//
// The third-party PDF code cannot be interrupted, so only a process
// boundary stops a parse that loops or grows without end. A program uses
// the package by dispatching [Command] to [Main] first thing in its main,
// and handing a Reader over its own executable to ingest. The package
// must never read configuration (the program passes the limits in) nor
// import anything of the program beyond ingest and the domain.
package pdfchild
