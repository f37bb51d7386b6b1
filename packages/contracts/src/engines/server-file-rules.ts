import type { ServerFileRules } from './sql-dialect-descriptor.ts';

/*
 * What each dialect can reach of the database server's files from a statement that otherwise
 * only reads, gathered from the engines' manuals. Safe mode refuses all of it, even when the
 * credentials would allow it (a superuser, pg_read_server_files, MySQL's FILE privilege).
 */

export const postgresServerFiles: ServerFileRules = {
  functions: [
    // Generic file access: pg_read_file, pg_read_binary_file, pg_ls_dir, pg_stat_file, and every
    // directory listing (pg_ls_logdir, _waldir, _tmpdir, _archive_statusdir, _logicalsnapdir,
    // _logicalmapdir, _replslotdir, _summariesdir).
    'pg_read_*',
    'pg_ls_*',
    'pg_stat_file',
    'pg_current_logfile',
    // adminpack: pg_file_write, pg_file_read, pg_file_rename, pg_file_unlink, pg_file_sync, pg_logdir_ls.
    'pg_file_*',
    'pg_logdir_ls',
    // Large objects to and from server files.
    'lo_import',
    'lo_export',
    // The configuration files as rows.
    'pg_show_all_file_settings',
    'pg_hba_file_rules',
    'pg_ident_file_mappings',
    // Raw pages of relation files and records of WAL files (pageinspect, pg_walinspect).
    'get_raw_page',
    'pg_get_wal_*',
    // Run SQL given as text, where the classifier cannot see what it calls.
    'query_to_xml*',
    'query_to_xmlschema',
    'ts_stat',
    'ts_rewrite',
    // Other servers, reached as this one (dblink, dblink_connect_u, dblink_exec, …).
    'dblink*',
  ],
  relations: ['pg_file_settings', 'pg_hba_file_rules', 'pg_ident_file_mappings'],
  shows: [],
  pathsAsTables: false,
};

export const mysqlServerFiles: ServerFileRules = {
  // LOAD DATA/LOAD XML and SELECT … INTO OUTFILE/DUMPFILE are refused as writes already.
  functions: ['load_file'],
  relations: [],
  // The binary and relay logs hold the rows every database wrote.
  shows: ['BINLOG EVENTS', 'RELAYLOG EVENTS'],
  pathsAsTables: false,
};

export const sqliteServerFiles: ServerFileRules = {
  // The fileio and zipfile extensions; ATTACH and VACUUM INTO are refused as writes already.
  functions: ['readfile', 'writefile', 'fsdir', 'edit', 'zipfile', 'load_extension'],
  relations: [],
  shows: [],
  pathsAsTables: false,
};

export const duckdbServerFiles: ServerFileRules = {
  functions: [
    // Readers of local files: read_csv(_auto), read_parquet, read_json(_auto|_objects), read_ndjson,
    // read_text, read_blob, read_xlsx, read_avro, and the older scan names.
    'read_*',
    'parquet_*',
    'sniff_csv',
    'glob',
    'st_read',
    'st_read_meta',
    'iceberg_*',
    'delta_scan',
    // Other databases' files and servers.
    'sqlite_scan',
    'sqlite_attach',
    'postgres_scan*',
    'postgres_attach',
    'postgres_query',
    'postgres_execute',
    'mysql_query',
    'mysql_execute',
    // Run SQL or name a table given as text (query_table also takes file names).
    'query',
    'query_table',
    'getenv',
  ],
  relations: [],
  shows: [],
  pathsAsTables: true,
};
