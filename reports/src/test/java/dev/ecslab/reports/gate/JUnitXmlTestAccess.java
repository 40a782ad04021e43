package dev.ecslab.reports.gate;

import java.util.List;
import java.util.Map;
import org.w3c.dom.Element;

/** {@link JUnitXmlTest}'s schema check and readers, for the command-line tests in another package. */
public final class JUnitXmlTestAccess {
    private JUnitXmlTestAccess() {
    }

    public static void validate(String xml) throws Exception {
        JUnitXmlTest.validate(xml);
    }

    public static List<String> names(Element suite) {
        return JUnitXmlTest.names(suite);
    }

    public static Map<String, String> properties(Element suite) {
        return JUnitXmlTest.properties(suite);
    }
}
