/** The database file store (adapters/file-store/database.ts): files in chunks, shared by every server node. */
export interface FileStoreTables {
  file_objects: FileObjectTable;
  file_uploads: FileUploadTable;
  file_chunks: FileChunkTable;
}

/** A stored file: the key points at the upload whose chunks hold its bytes. */
export interface FileObjectTable {
  key: string;
  upload_id: string;
  size: number;
  chunk_count: number;
  created_at: number;
}

/** A write under way; the row goes when the write completes, so one left behind marks an abandoned write. */
export interface FileUploadTable {
  id: string;
  key: string;
  started_at: number;
}

/** One piece of an upload's bytes, `seq` from 0. */
export interface FileChunkTable {
  upload_id: string;
  seq: number;
  data: Buffer;
}
