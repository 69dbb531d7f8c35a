package io.panrocks.faults;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The fault matrix's Kafka cells (issue 37): the Kafka stores' commit and
 * restore ({@link KafkaStoreOperations}) under every fault, through the same
 * runner, child JVMs and verdicts as the main matrix ({@code FaultMatrixTest}).
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class KafkaStoreFaultMatrixTest {
    private static final FaultRuns RUNS = new FaultRuns(KafkaStoreOperations.OPERATIONS.size(), Map.of(), true,
            "-Dpanrocks.faults.operations=" + KafkaStoreOperations.class.getName());

    @BeforeAll
    static void compileTheFailingDisk() throws Exception {
        RUNS.compileTheFailingDisk();
    }

    @AfterAll
    static void totals() {
        System.out.println(RUNS.totals("kafka-faults"));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Fault.class)
    void theKafkaStoresEndAsDocumentedUnderTheFault(Fault fault) throws Exception {
        RUNS.run(fault, KafkaStoreOperations.OPERATIONS.stream().map(Operation::name).toList(), "kafka-faults");
    }
}
