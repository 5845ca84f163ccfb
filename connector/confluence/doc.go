// Package confluence is the Confluence connector's client: it lists the
// pages and blog posts of a Confluence site's spaces (Cloud with an
// account's email and API token, Data Center and Server with a personal
// access token) over the REST API, turns their storage format into
// canonical text with headings, and maps their read permissions onto
// Verity ACLs, failing closed. It writes nothing itself: package connector
// hands what it reads to the service layer.
package confluence
