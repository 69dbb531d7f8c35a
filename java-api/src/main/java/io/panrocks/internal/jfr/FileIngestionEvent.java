package io.panrocks.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * An external SST file became part of the DB
 * ({@code EventListener::OnExternalFileIngested}, RocksDB's
 * {@code ExternalFileIngestionInfo}), once per file, on the ingesting thread.
 */
@Name("io.panrocks.FileIngestion")
@Category("panrocks")
@Label("External File Ingestion")
@Description("An external SST file was ingested into the DB (ExternalFileIngestionInfo)")
public final class FileIngestionEvent extends DbEvent {
    @Label("External File")
    @Description("The file the caller ingested")
    public String externalFile;

    @Label("Internal File")
    @Description("The file's path inside the DB")
    public String internalFile;

    @Label("File Size")
    @Description("Size of the ingested file, or -1 if it could not be read")
    @DataAmount
    public long fileSize;

    @Label("Global Sequence Number")
    @Description("The sequence number given to the file's keys (0 if none)")
    public long globalSeqno;
}
