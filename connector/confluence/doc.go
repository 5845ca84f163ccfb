// Package confluence is the Confluence connector's client: it lists the
// pages and blog posts of a Confluence site's spaces (Cloud with an
// account's email and API token, read through the REST API v2 with the v1
// endpoints v2 lacks; Data Center and Server with a personal access
// token, through the REST API v1), turns their storage format into
// canonical text with headings, and maps their read permissions onto
// Verity ACLs, failing closed. It writes nothing itself: package connector
// hands what it reads to the service layer.
package confluence
