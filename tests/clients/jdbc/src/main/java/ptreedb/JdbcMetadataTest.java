package ptreedb;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The DatabaseMetaData calls GUI tools build on (tables, columns, keys,
 * indexes, functions), over one schema, every row printed; the pytest
 * wrapper compares the output on ptreedb with PostgreSQL's. A failing call
 * prints its SQLSTATE and the run goes on, so every call is reported.
 */
public final class JdbcMetadataTest {
  private JdbcMetadataTest() {}

  public static void main(String[] args) throws Exception {
    try (Connection conn = DriverManager.getConnection(args[0], "postgres", "")) {
      conn.setAutoCommit(true);
      try (Statement st = conn.createStatement()) {
        st.execute("DROP TABLE IF EXISTS jdbc_meta_line, jdbc_meta_order, jdbc_meta_customer");
        st.execute("CREATE TABLE jdbc_meta_customer (id int PRIMARY KEY, name varchar(40) NOT NULL,"
            + " email text UNIQUE, balance numeric(12,2) DEFAULT 0)");
        st.execute("CREATE TABLE jdbc_meta_order (order_id bigint, region smallint, customer_id int"
            + " REFERENCES jdbc_meta_customer (id), placed date, PRIMARY KEY (order_id, region))");
        st.execute("CREATE TABLE jdbc_meta_line (order_id bigint, region smallint, line int, qty int,"
            + " PRIMARY KEY (order_id, region, line),"
            + " FOREIGN KEY (order_id, region) REFERENCES jdbc_meta_order (order_id, region))");
        st.execute("CREATE INDEX jdbc_meta_order_placed ON jdbc_meta_order (placed)");
      }
      DatabaseMetaData meta = conn.getMetaData();
      call("getTables", () -> meta.getTables(null, "public", "jdbc_meta%", new String[] {"TABLE"}),
          "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS");
      call("getColumns", () -> meta.getColumns(null, "public", "jdbc_meta%", "%"),
          "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "COLUMN_SIZE", "DECIMAL_DIGITS",
          "NULLABLE", "COLUMN_DEF", "ORDINAL_POSITION", "IS_NULLABLE", "IS_AUTOINCREMENT");
      for (String table : new String[] {"jdbc_meta_customer", "jdbc_meta_order", "jdbc_meta_line"}) {
        call("getPrimaryKeys " + table, () -> meta.getPrimaryKeys(null, "public", table),
            "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME");
        call("getIndexInfo " + table, () -> meta.getIndexInfo(null, "public", table, false, false),
            "TABLE_NAME", "NON_UNIQUE", "INDEX_NAME", "TYPE", "ORDINAL_POSITION", "COLUMN_NAME", "ASC_OR_DESC");
        call("getImportedKeys " + table, () -> meta.getImportedKeys(null, "public", table),
            "PKTABLE_NAME", "PKCOLUMN_NAME", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ", "UPDATE_RULE", "DELETE_RULE",
            "FK_NAME", "PK_NAME", "DEFERRABILITY");
        call("getExportedKeys " + table, () -> meta.getExportedKeys(null, "public", table),
            "PKTABLE_NAME", "PKCOLUMN_NAME", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ", "FK_NAME", "PK_NAME");
      }
      call("getFunctions", () -> meta.getFunctions(null, "pg_catalog", "format_type"),
          "FUNCTION_SCHEM", "FUNCTION_NAME", "FUNCTION_TYPE");
      try (Statement st = conn.createStatement()) {
        st.execute("DROP TABLE jdbc_meta_line, jdbc_meta_order, jdbc_meta_customer");
      }
    }
    System.out.println("done");
  }

  private interface MetadataCall {
    ResultSet run() throws SQLException;
  }

  private static void call(String name, MetadataCall call, String... columns) {
    System.out.println(name);
    try (ResultSet rs = call.run()) {
      ResultSetMetaData shape = rs.getMetaData();
      int rows = 0;
      while (rs.next()) {
        StringBuilder line = new StringBuilder("  ");
        for (String column : columns) line.append(column).append('=').append(rs.getString(column)).append(' ');
        System.out.println(line.toString().stripTrailing());
        rows++;
      }
      System.out.println("  rows " + rows + ", columns " + shape.getColumnCount());
    } catch (SQLException e) {
      System.out.println("  error " + e.getSQLState());
      System.err.println(name + ": " + e.getMessage());
    }
  }
}
